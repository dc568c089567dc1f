import { createContext, useContext } from "react";
import type { HeaderView } from "./header-view";
import type { CardListState } from "~/components/catalog/ProductCard";
import type { ProductCardData } from "~/domain/catalog/catalog";

// Per-response facts the document needs while rendering on the server: the CSP
// nonce for <Scripts>, the request id an error page shows so a shopper can
// quote it, and the server's kept markup of cards and of the header
// (app/components/catalog/card-html.server.tsx, app/components/layout/header-html.server.tsx).
// Provided by entry.server; in the browser, none of them.
type DocumentInfo = {
  nonce: string;
  requestId: string;
  cardHtml?: (product: ProductCardData, list: CardListState, eager: boolean) => string;
  headerHtml?: (view: HeaderView) => string;
};
const DocumentInfoContext = createContext<DocumentInfo>({ nonce: "", requestId: "" });
export const DocumentInfoProvider = DocumentInfoContext.Provider;
export const useNonce = () => useContext(DocumentInfoContext).nonce;
/** A product card's markup as the server keeps it; undefined in the browser, which renders cards itself. */
export const useCardHtml = () => useContext(DocumentInfoContext).cardHtml;
/** The header's markup as the server keeps it; undefined in the browser. */
export const useHeaderHtml = () => useContext(DocumentInfoContext).headerHtml;

export const REQUEST_ID_META = "request-id";

/**
 * The id of the request that rendered this document: from entry.server on the
 * server; in the browser, from the meta tag the server wrote, so hydration
 * renders the same text.
 */
export function useRequestId(): string {
  const fromServer = useContext(DocumentInfoContext).requestId;
  if (fromServer || typeof document === "undefined") return fromServer;
  return document.querySelector(`meta[name="${REQUEST_ID_META}"]`)?.getAttribute("content") ?? "";
}
