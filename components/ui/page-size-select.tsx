import { Field, inputClass } from "./field";

/**
 * A page-size choice for server-paged tables inside a filter form (field name
 * `name`). The current size is offered even when it is not one of the usual
 * choices (it came from a shared URL), so the form never silently changes it.
 */
export function PageSizeSelect({ id, name, label, sizes, value }: { id: string; name: string; label: string; sizes: readonly number[]; value: number }) {
  const options = sizes.includes(value) ? [...sizes] : [...sizes, value].sort((a, b) => a - b);
  return (
    <Field label={label} htmlFor={id}>
      <select id={id} name={name} defaultValue={String(value)} className={inputClass}>
        {options.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </Field>
  );
}
