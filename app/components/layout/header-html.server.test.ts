// The kept header must be byte for byte what rendering the header writes:
// the browser hydrates it as React's own markup.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { currentBarLink, HeaderBar, type HeaderView } from "~/components/layout/Header";
import { Role } from "~/domain/accounts/user";
import { headerHtml, keptHeaderCount } from "./header-html.server";

const categories = [
  { id: "c1", name: "Books", slug: "books" },
  { id: "c2", name: `Home & "Kitchen" <Tools>`, slug: "home-and-kitchen" },
];
const anonymous: HeaderView = { user: null, categories, cartCount: 0, shopName: "Storefront", keyword: "", current: "/", searching: false };
const rendered = (view: HeaderView) => renderToString(createElement(HeaderBar, view));

describe("kept header markup", () => {
  const users = [null, { name: "Sam Shopper", role: Role.User }, { name: `Ada "Admin" <O'Neil> & Co`, role: Role.Admin }];
  const paths = ["/", "/login", "/LOGIN", "/register", "/register/more", "/registered", "/product/desk-lamp", "/search"];
  const keywords = ["", "lamp", `"a" & <b> 'c'`, "$&$1$$$`", "Öl"];

  it("is what rendering the header gives, the first time and when kept, for every visitor, page and search", () => {
    for (const user of users)
      for (const path of paths)
        for (const keyword of keywords)
          for (const cartCount of [0, 1, 120]) {
            const view = { ...anonymous, user, current: currentBarLink(path), keyword, cartCount };
            expect(headerHtml(view)).toBe(rendered(view));
            expect(headerHtml(view)).toBe(rendered(view));
          }
  });

  it("marks the current bar link as NavLink does", () => {
    const current = (path: string) =>
      [...headerHtml({ ...anonymous, current: currentBarLink(path) }).matchAll(/<a href="([^"]*)" aria-current="page"/g)].map((m) => m[1]);
    expect(current("/")).toEqual(["/"]);
    expect(current("/login")).toEqual(["/login"]);
    expect(current("/Login")).toEqual(["/login"]);
    expect(current("/register/step")).toEqual(["/register"]);
    expect(current("/registered")).toEqual([]);
    expect(current("/product/x")).toEqual([]);
    // A page under Home is not Home (NavLink's `end`).
    expect(current("/about")).toEqual([]);
  });

  it("keeps a header under its view: a renamed category, another visitor or count is new markup, never the old", () => {
    const before = headerHtml(anonymous);
    const renamed = { ...anonymous, categories: [{ ...categories[0], name: "Novels" }, categories[1]] };
    expect(headerHtml(renamed)).toBe(rendered(renamed));
    expect(headerHtml(renamed)).not.toBe(before);
    expect(headerHtml(renamed)).toContain(">Novels<");
    const signedIn = { ...anonymous, user: { name: "Sam", role: Role.User } };
    expect(headerHtml(signedIn)).toContain("Sam");
    expect(headerHtml(signedIn)).not.toContain(">Login<");
    const searching = { ...anonymous, searching: true };
    expect(headerHtml(searching)).toBe(rendered(searching));
    expect(headerHtml(anonymous)).toBe(before);
  });

  it("keeps one copy per view, whatever the words searched for", () => {
    const count = keptHeaderCount();
    for (const keyword of ["one", "two", "three"]) headerHtml({ ...anonymous, current: currentBarLink("/search"), keyword });
    expect(keptHeaderCount()).toBeLessThanOrEqual(count + 1);
  });
});
