import { describe, expect, it } from 'vitest';
import { classifyRows, importColumns } from './contactImport.js';

const sheet = (header: string[], ...rows: string[][]) => ({ header, rows: rows.map((cells, i) => ({ row: i + 2, cells })) });

describe('reading an import', () => {
  it('finds the columns by their names in pt, en or es, any case or accents; other named columns are extra information', () => {
    expect(importColumns(['Nome', 'Número', 'E-mail', 'Cidade', ''])).toEqual({ name: 0, number: 1, email: 2, extra: [{ label: 'Cidade', i: 3 }] });
    expect(importColumns(['telefono', 'nombre'])).toMatchObject({ number: 0, name: 1, email: -1 });
    expect(() => importColumns(['nome', 'cidade'])).toThrow(expect.objectContaining({ code: 'ERR_SPREADSHEET_NO_NUMBER' }));
  });

  it('takes good rows with their numbers normalised and reports each bad one by row number', () => {
    const { candidates, rejected } = classifyRows(
      sheet(
        ['name', 'number', 'email', 'Empresa'],
        ['Ana', '+55 (11) 99999-0001', 'ana@example.com', 'ACME'],
        ['', '5511999990002', '', ''],
        ['Bia', '12345', '', ''],
        ['Caio', '5511999990003', 'caio@', ''],
        ['Ana again', '5511999990001', '', ''],
        ['x'.repeat(101), '5511999990004', '', ''],
        ["'=SUM(A1)", '5511999990005', '', ''],
      ),
    );
    expect(candidates).toEqual([
      { row: 2, number: '5511999990001', name: 'Ana', email: 'ana@example.com', extraInfo: [{ name: 'Empresa', value: 'ACME' }] },
      { row: 3, number: '5511999990002', name: '5511999990002', email: '', extraInfo: [] },
      { row: 8, number: '5511999990005', name: '=SUM(A1)', email: '', extraInfo: [] },
    ]);
    expect(rejected).toEqual([
      { row: 4, reason: 'invalidNumber', value: '12345' },
      { row: 5, reason: 'invalidEmail', value: '5511999990003' },
      { row: 6, reason: 'duplicatedInFile', value: '5511999990001' },
      { row: 7, reason: 'nameTooLong', value: '5511999990004' },
    ]);
  });
});
