"use client";

import { EventsPanel } from "./events-panel";
import { RulesPanel } from "./rules-panel";

export function AlertsView({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="space-y-6">
      <EventsPanel isAdmin={isAdmin} />
      <RulesPanel isAdmin={isAdmin} />
    </div>
  );
}
