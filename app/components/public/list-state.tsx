import { useEffect } from 'react';
import { toast } from './toasts';

/** A list's error state: the spec's message on the page and as a toast (once, in the browser). */
export function ListError({ message }: { message: string }) {
  useEffect(() => {
    toast.error(message, { toastId: message });
  }, [message]);
  return (
    <p className="alert alert-danger mb-0" role="alert">
      {message}
    </p>
  );
}

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
