/**
 * The back office's forms whose values are held as text and read by an API schema (Form in
 * form.tsx, docs/architecture.md "Forms and tables"). Apart from form.tsx so that a form
 * without it (the checkout) starts without zod (decision 016).
 */
import { z } from 'zod';

/**
 * A form schema's last step: the values as the form holds them (strings, toggles) are read by the
 * API's own schema, its issues at their fields (`pathOf` may shorten a path: a message for a
 * group of fields). Never a second copy of a rule.
 */
export function parsedBy<O>(
  schema: z.ZodType<O>,
  pathOf: (path: PropertyKey[]) => PropertyKey[] = (path) => path,
) {
  return (values: unknown, ctx: z.RefinementCtx): O => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: pathOf(issue.path), message: issue.message });
    }
    return z.NEVER;
  };
}
