export type Recurrence = 'MENSAL' | 'BIMESTRAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';

export interface CompanyFields {
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  settings: Record<string, string>;
}

export type CompanyEvent =
  | { type: 'CompanyCreated'; data: { id: number } & CompanyFields }
  | { type: 'CompanyUpdated'; data: { id: number; changes: Partial<CompanyFields> } }
  | { type: 'CompanyDeleted'; data: { id: number } };
