import { createContext, useContext } from 'react';
import { forbiddenMessage, mayUse, ROLE_LABELS, type Area, type Role } from '@content/roles';

/** The signed-in account's role (from GET /api/admin/me), for the pages inside the shell. */
export const RoleContext = createContext<Role>('admin');

export function useRole(): Role {
  return useContext(RoleContext);
}

/** Whether the signed-in account may use an area (decision 0040); the server decides in any case. */
export function useMayUse(area: Area): boolean {
  return mayUse(useRole(), area);
}

/** What a role sees at an admin address it may not use: the server's sentence, not a broken page. */
export function Forbidden({ role }: { role: Role }) {
  return (
    <section aria-labelledby="forbidden-title" data-testid="forbidden">
      <h1 id="forbidden-title" className="h3 mb-3">
        Not available to your role
      </h1>
      <p>{forbiddenMessage(role)}</p>
      <p className="text-body-secondary small mb-0">Your role: {ROLE_LABELS[role]}.</p>
    </section>
  );
}
