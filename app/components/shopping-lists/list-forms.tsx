import type { FormEvent, ReactNode } from "react";
import { LIST_PARAMS } from "#app/lib/shopping-lists/shopping-lists.ts";
import { LIST_ACTION } from "./use-shopping-lists.ts";

/**
 * A command of the `/listes/` action as a form that works without JavaScript: posted as it is,
 * it comes back to `redirectTo` with the outcome in the address; with scripts, `onSubmit`
 * (`useListAction().onSubmit`) sends the same fields and answers in a toast.
 */
export function ListCommandForm({
  fields,
  redirectTo,
  onSubmit,
  className,
  children,
}: {
  fields: Record<string, string>;
  redirectTo: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={LIST_ACTION} className={className} onSubmit={onSubmit} noValidate>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
    </form>
  );
}

/**
 * A button of the lists tab that changes what the tab shows (open a list, rename, confirm a
 * deletion): without JavaScript a link-like form to the tab's address with `params`
 * (`/compte/?s=5&renommer=3`), rendered on the server; with scripts, `onActivate` instead.
 */
export function ListsTabButton({
  params,
  onActivate,
  className,
  children,
}: {
  params: Partial<Record<keyof typeof LIST_PARAMS, string | number>>;
  onActivate: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      method="get"
      action="/compte/"
      className="shopping-lists__inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        onActivate();
      }}
    >
      <input type="hidden" name="s" value="5" />
      {Object.entries(params).map(([name, value]) => (
        <input
          key={name}
          type="hidden"
          name={LIST_PARAMS[name as keyof typeof LIST_PARAMS]}
          value={String(value)}
        />
      ))}
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
