// The header's search box as an ARIA 1.2 combobox with a listbox popup
// (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): 150 ms after typing
// stops it asks /search/suggest and lists up to six products and three
// categories; ArrowDown/ArrowUp move through them (aria-activedescendant),
// Enter opens the one chosen (without one, the form submits to /search as it
// does without JavaScript), Escape closes the list, and a live region says
// how many suggestions there are. Plain DOM, loaded on the box's first
// focus: the root bundle carries none of it, and the header's markup none
// (the role, the listbox and the live region are set and made here). Each choice holds a plain
// anchor (data-discover), so the header's click handler navigates in the app.
import type { SuggestAnswer } from "~/routes/search_.suggest";

export const DEBOUNCE_MS = 150;
const MIN_LENGTH = 2;

/** The popup and the live region, made here so the header's markup (and the root bundle) carries neither. */
function popupFor(input: HTMLInputElement): { listbox: HTMLElement; status: HTMLElement } {
  const listbox = document.createElement("ul");
  listbox.id = "site-search-listbox";
  listbox.setAttribute("role", "listbox");
  listbox.setAttribute("aria-label", "Suggestions");
  listbox.hidden = true;
  listbox.className =
    "absolute left-0 right-0 top-full z-40 mt-1 max-h-96 overflow-y-auto rounded border border-gray-200 bg-white py-1 shadow-lg";
  const status = document.createElement("span");
  status.id = "site-search-status";
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  status.className = "sr-only";
  input.form?.append(listbox, status);
  input.setAttribute("aria-controls", listbox.id);
  input.autocomplete = "off";
  return { listbox, status };
}

const attached = new WeakSet<HTMLInputElement>();

/** Makes the box a combobox, once (the header calls this on every focus). */
export function attachSearchCombobox(input: HTMLInputElement): () => void {
  if (!input.form || attached.has(input)) return () => {};
  attached.add(input);
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-autocomplete", "list");
  input.form.classList.add("relative");
  const { listbox, status } = popupFor(input);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;
  let active = -1;
  let asked = "";

  const options = () => [...listbox.querySelectorAll<HTMLElement>('[role="option"]')];
  const announce = (text: string) => {
    status.textContent = text;
  };

  function setActive(index: number) {
    const all = options();
    active = all.length ? (index + all.length) % all.length : -1;
    all.forEach((option, i) => {
      option.setAttribute("aria-selected", String(i === active));
      option.classList.toggle("bg-blue-50", i === active);
    });
    if (active >= 0) {
      input.setAttribute("aria-activedescendant", all[active].id);
      all[active].scrollIntoView?.({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  }

  function close() {
    listbox.hidden = true;
    input.setAttribute("aria-expanded", "false");
    setActive(-1);
  }

  function option(id: string, href: string, label: string, before?: (anchor: HTMLElement) => void, after?: string) {
    const li = document.createElement("li");
    li.id = id;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    li.className = "flex cursor-pointer items-center gap-2 px-3 py-2 text-sm hover:bg-gray-50";
    const anchor = document.createElement("a");
    anchor.href = href;
    anchor.tabIndex = -1;
    anchor.dataset.discover = "true";
    anchor.className = "flex min-w-0 flex-1 items-center gap-2 text-gray-900";
    before?.(anchor);
    const name = document.createElement("span");
    name.className = "truncate";
    name.textContent = label;
    anchor.append(name);
    if (after) {
      const price = document.createElement("span");
      price.className = "ml-auto shrink-0 text-gray-600";
      price.textContent = after;
      anchor.append(price);
    }
    li.append(anchor);
    return li;
  }

  function render(answer: SuggestAnswer) {
    listbox.replaceChildren(
      ...answer.products.map((p, i) =>
        option(
          `site-search-product-${i}`,
          `/product/${encodeURIComponent(p.slug)}`,
          p.name,
          (anchor) => {
            const picture = p.photo ? document.createElement("img") : document.createElement("span");
            picture.className = "h-8 w-8 shrink-0 rounded bg-gray-100 object-cover";
            if (picture instanceof HTMLImageElement && p.photo) {
              picture.src = p.photo;
              picture.alt = "";
              picture.width = 32;
              picture.height = 32;
            }
            anchor.append(picture);
          },
          p.price,
        ),
      ),
      ...answer.categories.map((c, i) =>
        option(`site-search-category-${i}`, `/category/${encodeURIComponent(c.slug)}`, `Category: ${c.name}`),
      ),
    );
    const count = answer.products.length + answer.categories.length;
    active = -1;
    input.removeAttribute("aria-activedescendant");
    if (!count) {
      close();
      announce("No suggestions");
      return;
    }
    listbox.hidden = false;
    input.setAttribute("aria-expanded", "true");
    announce(`${count} suggestion${count === 1 ? "" : "s"}; use the up and down arrow keys to choose`);
  }

  async function ask(keyword: string) {
    pending?.abort();
    if (keyword.length < MIN_LENGTH) {
      asked = keyword;
      close();
      return;
    }
    if (keyword === asked && !listbox.hidden) return;
    asked = keyword;
    const controller = new AbortController();
    pending = controller;
    try {
      const response = await fetch(`/search/suggest?${new URLSearchParams({ keyword })}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) return;
      const answer = (await response.json()) as SuggestAnswer;
      if (controller.signal.aborted || input.value.trim() !== keyword || document.activeElement !== input) return;
      render(answer);
    } catch {
      // Aborted by newer typing, or offline: the form still submits to /search.
    }
  }

  const onInput = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void ask(input.value.trim()), DEBOUNCE_MS);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const open = !listbox.hidden;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!open) {
        if (options().length) {
          listbox.hidden = false;
          input.setAttribute("aria-expanded", "true");
        } else return;
      }
      event.preventDefault();
      setActive(event.key === "ArrowDown" ? active + 1 : active < 0 ? -1 : active - 1);
    } else if (event.key === "Enter" && open && active >= 0) {
      event.preventDefault();
      const anchor = options()[active]?.querySelector("a");
      close();
      anchor?.click();
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  };
  // A pointer choice: keep the focus in the box until the click lands on the anchor.
  const onPointerDown = (event: Event) => event.preventDefault();
  const onClick = () => close();
  const onBlur = () => {
    clearTimeout(timer);
    pending?.abort();
    close();
  };

  input.addEventListener("input", onInput);
  input.addEventListener("keydown", onKeyDown);
  input.addEventListener("blur", onBlur);
  listbox.addEventListener("mousedown", onPointerDown);
  listbox.addEventListener("click", onClick);
  // Typed before this module arrived: suggest for it now.
  if (input.value !== input.defaultValue) onInput();
  return () => {
    clearTimeout(timer);
    pending?.abort();
    input.removeEventListener("input", onInput);
    input.removeEventListener("keydown", onKeyDown);
    input.removeEventListener("blur", onBlur);
    listbox.removeEventListener("mousedown", onPointerDown);
    listbox.removeEventListener("click", onClick);
    listbox.remove();
    status.remove();
    input.removeAttribute("aria-controls");
    attached.delete(input);
  };
}
