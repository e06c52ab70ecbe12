/**
 * Stripe's request encoding: form fields (`application/x-www-form-urlencoded`, or the query
 * string of a GET) whose names nest with brackets, as its SDKs write them:
 * `metadata[order]=1001`, `line_items[0][price_data][unit_amount]=1250`, `expand[]=payment_intent`
 * and `expand[0]=payment_intent`. An empty value means "unset", as Stripe reads it.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export class FormSyntaxError extends Error {
  readonly param: string;

  constructor(param: string) {
    super(`Invalid parameter name: ${param}`);
    this.param = param;
  }
}

/** The bracket path of a field name: `a[b][0][]` is `["a", "b", "0", ""]`. */
export function fieldPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match?.[1]) throw new FormSyntaxError(name);
  const rest = match[2] ? [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? "") : [];
  return [match[1], ...rest];
}

// Keys that would reach an object's prototype are refused, never followed.
const UNSAFE = new Set(["__proto__", "prototype", "constructor"]);

/** Nested values from form pairs; numeric or empty brackets make arrays. */
export function parseForm(params: URLSearchParams): FormObject {
  const root: FormObject = {};
  for (const [name, value] of params) {
    const path = fieldPath(name);
    if (path.some((part) => UNSAFE.has(part))) throw new FormSyntaxError(name);
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i] ?? "";
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1] ?? "");
      if (Array.isArray(node)) {
        if (!/^\d*$/.test(part)) throw new FormSyntaxError(name);
        const index = part === "" ? node.length : Number(part);
        if (index > node.length) throw new FormSyntaxError(name);
        if (last) {
          node[index] = value;
          break;
        }
        node[index] ??= nextIsIndex ? [] : {};
        node = node[index] as FormObject | FormValue[];
      } else {
        if (part === "") throw new FormSyntaxError(name);
        if (last) {
          node[part] = value;
          break;
        }
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part] as FormObject | FormValue[];
      }
      if (typeof node === "string") throw new FormSyntaxError(name);
    }
  }
  return root;
}

/** The form body Stripe's SDKs write for nested parameters (undefined values left out). */
export function encodeForm(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) form.append(name, "");
    else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) add(`${name}[${index}]`, item);
    } else if (value instanceof Date) form.append(name, String(Math.floor(value.getTime() / 1000)));
    else if (typeof value === "object") {
      for (const [key, item] of Object.entries(value)) add(`${name}[${key}]`, item);
    } else form.append(name, String(value));
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}
