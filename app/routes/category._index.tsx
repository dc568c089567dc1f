// /category shows the same screen as /categories (its canonical URL).
export { default, handle, loader, meta } from "./categories";
