import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { getToast } from "~/http/toast.server";
import { Footer } from "~/components/layout/Footer";
import { Header } from "~/components/layout/Header";
import { BadRequest, NotFound, UnexpectedError } from "~/components/layout/NotFound";
import { Toaster, type Toast } from "~/components/layout/Toaster";
import { cartItemCount } from "~/domain/cart/cart.server";
import { readCart } from "~/http/cart-cookie.server";
import { listCategories } from "~/domain/catalog/category.server";
import { getOptionalUser } from "~/http/auth.server";
import { env } from "~/utils/env.server";
import { REQUEST_ID_META, useNonce, useRequestId } from "~/components/layout/document-info";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ error }) => {
  // Remix runs this with the error when an error page shows: its title names the error.
  if (error != null) return [{ title: errorTitle(isRouteErrorResponse(error) ? error.status : 500) }];
  return [{ title: "Storefront - shop the best products" }, { name: "description", content: "Browse, search and buy products online." }];
};

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, categories, cart, { toast, headers }] = await Promise.all([
    getOptionalUser(request),
    listCategories(),
    readCart(request),
    getToast(request),
  ]);
  const url = new URL(request.url);
  return json(
    {
      user: user ? { name: user.name, role: user.role } : null,
      categories,
      cartCount: cartItemCount(cart),
      toast: (toast ?? null) as Toast | null,
      shopName: env().SHOP_NAME,
      ownerName: env().OWNER_NAME,
      keyword: url.pathname === "/search" ? (url.searchParams.get("keyword") ?? "").slice(0, 200) : "",
    },
    { headers },
  );
}

export type RootData = typeof loader;
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

/** Error pages' titles. */
function errorTitle(status: number) {
  return status === 404 ? "Page Not Found" : status === 400 ? "Bad Request" : "Something went wrong";
}

/** The document around every page and every error page (Remix renders both inside it). */
export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const error = useRouteError();
  const requestId = useRequestId();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {error != null && requestId ? <meta name={REQUEST_ID_META} content={requestId} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-gray-50 text-gray-900">
        <Frame>{children}</Frame>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* `npm run dev` only: the dev server's websocket reloads the page on a rebuild; in production it renders nothing. */}
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  return (
    <>
      {/* The first focusable element: keyboard users jump past the header. */}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:shadow-lg focus:ring-2 focus:ring-gray-900"
      >
        Skip to content
      </a>
      <Header
        user={data?.user ?? null}
        categories={data?.categories ?? []}
        cartCount={data?.cartCount ?? 0}
        shopName={data?.shopName ?? "Storefront"}
        keyword={data?.keyword ?? ""}
      />
      <Toaster toast={data?.toast ?? null} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
        {children}
      </main>
      <Footer ownerName={data?.ownerName ?? "Storefront"} />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const requestId = useRequestId();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return status === 404 ? <NotFound /> : status === 400 ? <BadRequest /> : <UnexpectedError requestId={requestId} />;
}
