import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import type { LinkTypeChoice } from "#app/lib/admin/content-form.ts";
import { AssetPicker } from "./asset-picker.tsx";
import { EntryPicker, type PickedEntry } from "./entry-picker.tsx";

/**
 * One entry picker and one media picker for the whole editor form, asked for as promises: a
 * link list, a single link and the rich-text editor's "embed" buttons each call `pickEntry` or
 * `pickAsset` and get what was picked, or null when the dialog was closed. Focus goes back to
 * the control that opened the dialog (the native dialog's own behaviour).
 */

export type PickedAsset = { id: string; title: string; url: string; description?: string };

type Pickers = {
  pickEntry: (types: LinkTypeChoice[]) => Promise<PickedEntry | null>;
  pickAsset: () => Promise<PickedAsset | null>;
};

const PickersContext = createContext<Pickers | null>(null);

export function usePickers(): Pickers {
  const pickers = useContext(PickersContext);
  if (!pickers) throw new Error("usePickers needs a PickersProvider");
  return pickers;
}

type Waiting<T> = ((value: T | null) => void) | null;

/** Answers the control waiting for a pick, if any. */
function settle<T>(waiting: { current: Waiting<T> }, value: T | null) {
  const resolve = waiting.current;
  waiting.current = null;
  resolve?.(value);
}

export function PickersProvider({ children }: { children: ReactNode }) {
  const csrfToken =
    useRouteLoaderData<{ csrfToken: string }>("routes/middleware/layout")?.csrfToken ?? "";
  const [entryTypes, setEntryTypes] = useState<LinkTypeChoice[] | null>(null);
  const [assetOpen, setAssetOpen] = useState(false);
  const entryWaiting = useRef<Waiting<PickedEntry>>(null);
  const assetWaiting = useRef<Waiting<PickedAsset>>(null);

  const pickEntry = useCallback((types: LinkTypeChoice[]) => {
    settle(entryWaiting, null);
    setEntryTypes(types);
    return new Promise<PickedEntry | null>((resolve) => {
      entryWaiting.current = resolve;
    });
  }, []);
  const pickAsset = useCallback(() => {
    settle(assetWaiting, null);
    setAssetOpen(true);
    return new Promise<PickedAsset | null>((resolve) => {
      assetWaiting.current = resolve;
    });
  }, []);

  const [pickers] = useState<Pickers>(() => ({ pickEntry, pickAsset }));

  return (
    <PickersContext.Provider value={pickers}>
      {children}
      <EntryPicker
        open={entryTypes !== null}
        types={entryTypes ?? []}
        csrfToken={csrfToken}
        onPick={(entry) => {
          setEntryTypes(null);
          settle(entryWaiting, entry);
        }}
        onClose={() => {
          setEntryTypes(null);
          settle(entryWaiting, null);
        }}
      />
      <AssetPicker
        open={assetOpen}
        csrfToken={csrfToken}
        onPick={(asset) => {
          setAssetOpen(false);
          settle(assetWaiting, asset);
        }}
        onClose={() => {
          setAssetOpen(false);
          settle(assetWaiting, null);
        }}
      />
    </PickersContext.Provider>
  );
}
