// /category shows the same screen as /categories (its canonical URL).
export { default, loader, meta } from "./categories";
