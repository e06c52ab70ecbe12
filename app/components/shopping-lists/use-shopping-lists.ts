import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { toast } from "#app/components/toast/toast.ts";
import { signInPath } from "#app/lib/favourites/bookmarks.ts";
import {
  LIST_MESSAGES,
  type ShoppingListResult,
  type ShoppingListsData,
} from "#app/lib/shopping-lists/shopping-lists.ts";
import { useVisitor } from "#app/lib/visitor.tsx";

export const LISTS_URL = "/listes.json";
export const LIST_ACTION = "/listes/";

/**
 * The signed-in customer's lists, shared by every component of the page through one keyed
 * fetcher; loaded on first use unless the page rendered them (`initial`, the account's lists
 * tab), and reloaded after every list action.
 */
export function useShoppingLists(enabled = true, initial?: ShoppingListsData) {
  const fetcher = useFetcher<ShoppingListsData>({ key: "shopping-lists" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once when first needed.
  useEffect(() => {
    if (enabled && !initial && fetcher.state === "idle" && fetcher.data === undefined) {
      fetcher.load(LISTS_URL);
    }
  }, [enabled]);
  const data = fetcher.data ?? initial;
  return {
    data,
    loading: data === undefined,
    reload: () => fetcher.load(LISTS_URL),
  };
}

/**
 * Sends commands to the `/listes/` action and tells the outcome in a toast; a visitor (or an
 * expired session) is sent to sign-in. `busy` blocks repeats while one is on its way. A plain
 * request rather than a fetcher, so that the page's own loaders are not run again: only the
 * lists (and, after 'Ajouter la liste au panier', the visitor's cart) are reloaded.
 * `onSubmit` takes over a form that also works without JavaScript (`<form method="post"
 * action="/listes/">` with the command's fields): with scripts, its fields are sent the same way.
 */
export function useListAction(onDone?: (result: ShoppingListResult) => void) {
  const lists = useFetcher<ShoppingListsData>({ key: "shopping-lists" });
  const visitor = useVisitor();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  async function send(form: FormData) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    form.set("via", "fetcher");
    let result: ShoppingListResult;
    try {
      const response = await fetch(LIST_ACTION, {
        method: "POST",
        body: form,
        headers: { accept: "application/json" },
        credentials: "same-origin",
      });
      result = (await response.json()) as ShoppingListResult;
    } catch {
      result = { ok: false, error: LIST_MESSAGES.failed };
    } finally {
      running.current = false;
      setBusy(false);
    }
    if (result.ok) {
      toast.success(result.message);
      lists.load(LISTS_URL);
      if (result.intent === "add-to-cart") visitor.reload();
    } else if (result.signIn) {
      navigate(signInPath(`${location.pathname}${location.search}`));
    } else {
      toast.error(result.error);
    }
    onDone?.(result);
  }

  function submit(fields: Record<string, string | string[]>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
    }
    void send(form);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(new FormData(event.currentTarget));
  }

  return { busy, submit, onSubmit };
}
