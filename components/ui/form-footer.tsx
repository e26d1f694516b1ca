import { Button } from "./button";

/**
 * A form's last lines: why it did not go through (announced as it appears),
 * then its submit button, which says it is busy while the request runs, and
 * Cancel where the form can be left without saving.
 */
export function FormFooter({
  error,
  pending,
  submitText,
  pendingText,
  onCancel,
}: {
  error: string | null;
  pending: boolean;
  submitText: string;
  pendingText: string;
  onCancel?: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? pendingText : submitText}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </>
  );
}
