import { Link } from "@remix-run/react";

export function Footer({ ownerName }: { ownerName: string }) {
  return (
    <footer className="mt-12 bg-gray-900 py-6 text-center text-sm text-gray-200">
      <p>All Rights Reserved &copy; {ownerName}</p>
      <nav aria-label="Footer" className="mt-2 flex justify-center gap-4">
        <Link to="/about" className="hover:underline">
          About
        </Link>
        <span aria-hidden="true">|</span>
        <Link to="/contact" className="hover:underline">
          Contact
        </Link>
        <span aria-hidden="true">|</span>
        <Link to="/policy" className="hover:underline">
          Privacy Policy
        </Link>
      </nav>
    </footer>
  );
}
