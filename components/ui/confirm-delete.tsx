"use client";

import { useState, type ReactNode } from "react";
import { Button } from "./button";

/** "Delete", then the question in words with "Yes, delete" and "Keep it": nothing is deleted on the first press. */
export function ConfirmDelete({ question, pending, onConfirm }: { question: ReactNode; pending: boolean; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return confirming ? (
    <span className="flex items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
      {question}
      <Button size="sm" disabled={pending} onClick={onConfirm}>
        Yes, delete
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
        Keep it
      </Button>
    </span>
  ) : (
    <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
      Delete
    </Button>
  );
}
