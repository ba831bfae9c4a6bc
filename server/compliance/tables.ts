/** Row types of the compliance tables (migration 0015), for the typed Database interface. */
export interface ComplianceTables {
  disclaimer_acceptances: {
    version: string;
    /** UTC day YYYY-MM-DD. */
    day: string;
    count: number;
  };
}
