import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchIcon } from "@/components/ui/icons";

export function NoMatch({ query, onClear, what }: { query: string; onClear: () => void; what: string }) {
  return (
    <EmptyState
      className="m-4 border-0"
      headingLevel={3}
      icon={<SearchIcon className="size-6" />}
      title={`No ${what} match “${query.trim()}”`}
      description="Search looks for the text anywhere in the symbol, e.g. BTC or USDT."
      action={
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear search
        </Button>
      }
    />
  );
}
