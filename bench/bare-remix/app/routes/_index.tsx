import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "About us" }, { name: "description", content: "Who we are and what we sell." }];

// Static text of about the size of the shop's /about page: no loader, no data.
export default function Index() {
  return (
    <main>
      <h1>About us</h1>
      <p>
        We are a small independent shop that picks every product by hand. We ship quickly, answer every message, and take back anything that
        does not work out within 30 days. Everything we sell has been used in our own homes for at least a season before it reaches the
        catalogue, and we write every description ourselves from that use.
      </p>
      <h2>How we choose</h2>
      <p>
        A product earns its place when it does one thing well, can be repaired or refilled, and comes from a maker who answers questions
        about it. We visit the workshops we can reach, ask for samples from the ones we cannot, and turn down far more than we take. When a
        maker changes a material or a factory, we test the product again before we order more of it.
      </p>
      <h2>How we ship</h2>
      <p>
        Orders placed before two in the afternoon leave the same day, packed in boxes we reuse or in recycled card with paper tape. We send
        a tracking link as soon as the carrier scans the parcel, and we pay the return postage when something arrives damaged or is not what
        the page described. Large items travel with a carrier who books a delivery slot with you by telephone.
      </p>
      <h2>How to reach us</h2>
      <p>
        Write to us at any time and one of the five people who run the shop answers within a working day, usually within the hour. We would
        rather hear about a problem than read about it in a review: if something is not right, tell us, and we will make it right, whether
        that means a replacement, a repair or your money back.
      </p>
      <h2>Where we are</h2>
      <p>
        The shop is a warehouse with a small counter at the front, open on Saturdays for anyone who would rather see a thing before buying
        it. Parking is free in the yard, the kettle is usually on, and you are welcome to bring back packaging for us to use again.
      </p>
      <p>
        Thank you for shopping with a small business. Every order keeps a workshop busy, a warehouse open and a few more good things in use
        for a long time.
      </p>
    </main>
  );
}
