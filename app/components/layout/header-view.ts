// What the header is made from, apart from the component, so the document's
// context (document-info.tsx) can name it without importing the header.
export type HeaderUser = { name: string; role: number } | null;
export type HeaderCategory = { id: string; name: string; slug: string };

export type HeaderProps = {
  user: HeaderUser;
  categories: HeaderCategory[];
  cartCount: number;
  shopName: string;
  keyword: string;
};

/** What the header's markup is made from: its data, which bar link is the current page, and whether a search is on its way. */
export type HeaderView = HeaderProps & { current: string | null; searching: boolean };
