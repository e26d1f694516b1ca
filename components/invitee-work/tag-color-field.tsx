"use client";

/** The "Colour" field of a tag: one of the vocabulary's colours (creating a tag, or changing one's). */
import { Field, inputClass } from "@/components/ui/field";
import { TAG_COLORS, type TagColor } from "@/lib/invitee-work/types";

export function TagColorField({ id, value, disabled, onChange }: { id: string; value: TagColor; disabled?: boolean; onChange: (color: TagColor) => void }) {
  return (
    <Field label="Colour" htmlFor={id}>
      <select id={id} className={inputClass} value={value} disabled={disabled} onChange={(e) => onChange(e.currentTarget.value as TagColor)}>
        {TAG_COLORS.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </Field>
  );
}
