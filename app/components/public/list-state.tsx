import { useEffect, type ReactNode } from 'react';
import { toast } from './toasts';
import { island } from './island';
import { GridList } from './section';

/** A list's error state (an island, decision 0028): the spec's message on the page and as a toast (once, in the browser). */
function ListErrorAlert({ message }: { message: string }) {
  useEffect(() => {
    toast.error(message, { toastId: message });
  }, [message]);
  return (
    <p className="alert alert-danger mb-0" role="alert">
      {message}
    </p>
  );
}

export const ListError = island('list-error', ListErrorAlert);
export { ListErrorAlert };

/** A list's empty state. */
export function ListEmpty({ message }: { message: string }) {
  return <p className="list-empty mb-0">{message}</p>;
}

/** Chooses the error, empty or loaded view of a list. */
export function ListView<T>({
  items,
  error,
  empty,
  children,
}: {
  items: readonly T[];
  error: string | null;
  empty: string;
  children: (items: readonly T[]) => React.ReactNode;
}) {
  if (error) return <ListError message={error} />;
  if (!items.length) return <ListEmpty message={empty} />;
  return <>{children(items)}</>;
}

/** A list shown as a grid: the error or empty view, or each item in its own column (`col`). */
export function ListGrid<T>({
  items,
  error,
  empty,
  col,
  keyOf,
  children,
}: {
  items: readonly T[];
  error: string | null;
  empty: string;
  col: string;
  keyOf: (item: T) => string | number;
  children: (item: T) => ReactNode;
}) {
  return (
    <ListView items={items} error={error} empty={empty}>
      {(rows) => (
        <GridList items={rows} className="row g-4 list-unstyled mb-0" col={col} keyOf={keyOf}>
          {children}
        </GridList>
      )}
    </ListView>
  );
}
