// Titles, descriptions and canonical links for every page, in one shape.
export const SHOP_TITLE = "Storefront";

export function pageMeta({
  title,
  description,
  path,
  image,
  type = "website",
}: {
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: string;
}) {
  const fullTitle = `${title} | ${SHOP_TITLE}`;
  const tags: Record<string, string>[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: path },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: path },
  ];
  if (image) tags.push({ property: "og:image", content: image });
  return tags;
}
