import { fieldClass } from "./action-message";

/**
 * A field for a new password with the app's rules (10 to 72 characters: bcrypt
 * reads 72 bytes at most), so every form that sets a password asks the same.
 */
export function NewPasswordInput({ id, name }: { id: string; name: string }) {
  return <input id={id} name={name} type="password" required minLength={10} maxLength={72} autoComplete="new-password" className={fieldClass} />;
}
