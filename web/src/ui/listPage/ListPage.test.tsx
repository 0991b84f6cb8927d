import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmRemove } from './ConfirmRemove';
import { ListPage } from './ListPage';
import { ListTable } from './ListTable';
import { PagedList } from './PagedList';
import { EditDeleteButtons } from './RowButton';
import { useListPage } from './useListPage';

interface Fruit {
  id: number;
  name: string;
}

interface FruitsProps {
  fruits: Fruit[];
  loading?: boolean;
  loadMore?: () => void;
  onText?: (text: string) => void;
  onAdd?: () => void;
  onEdit?: (fruit: Fruit) => void;
}

function Fruits({ fruits, loading = false, loadMore = vi.fn(), onText = vi.fn(), onAdd = vi.fn(), onEdit = vi.fn() }: FruitsProps) {
  return (
    <ListPage title="Fruits" search={{ text: '', onText, label: 'Search fruits', testId: 'fruits-search' }} add={{ text: 'Add fruit', onClick: onAdd, testId: 'fruit-add' }}>
      <PagedList items={fruits} loading={loading} loadMore={loadMore} empty={{ icon: 'inbox', text: 'No fruit yet' }} testId="fruits-scroll">
        <ListTable columns={[{ label: 'Name' }, { label: 'Actions', className: 'list-page-actions' }]} testId="fruits-table">
          {fruits.map((fruit) => (
            <tr key={fruit.id} data-testid="fruit-row">
              <td>{fruit.name}</td>
              <td className="list-page-actions">
                <EditDeleteButtons editLabel={`Edit ${fruit.name}`} deleteLabel={`Delete ${fruit.name}`} onEdit={() => onEdit(fruit)} onDelete={vi.fn()} testIdPrefix="fruit" />
              </td>
            </tr>
          ))}
        </ListTable>
      </PagedList>
    </ListPage>
  );
}

describe('ListPage', () => {
  it('shows the heading, the search, the add button and the rows with their named buttons', async () => {
    const onText = vi.fn();
    const onAdd = vi.fn();
    const onEdit = vi.fn();
    render(<Fruits fruits={[{ id: 1, name: 'Apple' }]} onText={onText} onAdd={onAdd} onEdit={onEdit} />);
    expect(screen.getByRole('heading', { name: 'Fruits' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.getAllByTestId('fruit-row')).toHaveLength(1);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search fruits' }), 'a');
    expect(onText).toHaveBeenCalledWith('a');
    await userEvent.click(screen.getByTestId('fruit-add'));
    expect(onAdd).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Apple' }));
    expect(onEdit).toHaveBeenCalledWith({ id: 1, name: 'Apple' });
    expect(screen.getByTestId('fruit-delete').getAttribute('title')).toBe('Delete Apple');
  });

  it('shows how many records there are beside the title, and a way back before it', () => {
    render(
      <ListPage title="Fruits" count={{ text: '3 fruits', testId: 'fruits-count' }} before={<button type="button">Back</button>}>
        <p>rows</p>
      </ListPage>,
    );
    expect(screen.getByTestId('fruits-count').textContent).toBe('3 fruits');
    expect(screen.getByRole('heading').textContent).toBe('Fruits 3 fruits');
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('says so when the list is empty, and not while it loads', () => {
    const { rerender } = render(<Fruits fruits={[]} loading />);
    expect(screen.queryByText('No fruit yet')).toBeNull();
    rerender(<Fruits fruits={[]} />);
    expect(screen.getByText('No fruit yet')).toBeTruthy();
    expect(screen.queryByTestId('fruits-table')).toBeNull();
  });

  it('asks for the next page when scrolled near the bottom', () => {
    const loadMore = vi.fn();
    render(<Fruits fruits={[{ id: 1, name: 'Apple' }]} loadMore={loadMore} />);
    const scroll = screen.getByTestId('fruits-scroll');
    Object.defineProperties(scroll, { scrollHeight: { value: 1000 }, clientHeight: { value: 400 }, scrollTop: { value: 550, writable: true } });
    loadMore.mockClear();
    fireEvent.scroll(scroll);
    expect(loadMore).toHaveBeenCalled();
  });
});

describe('useListPage', () => {
  it('opens a fresh dialog each time, keeps it mounted while it closes, and holds the record asked about', () => {
    const { result } = renderHook(() => useListPage<Fruit>());
    act(() => result.current.open());
    expect(result.current.dialog).toEqual({ key: 1, editing: undefined, isOpen: true });
    act(() => result.current.close());
    expect(result.current.dialog).toEqual({ key: 1, editing: undefined, isOpen: false });
    act(() => result.current.open({ id: 2, name: 'Pear' }));
    expect(result.current.dialog).toEqual({ key: 2, editing: { id: 2, name: 'Pear' }, isOpen: true });
    act(() => result.current.askDelete({ id: 2, name: 'Pear' }));
    expect(result.current.deleting?.name).toBe('Pear');
    act(() => result.current.stopDeleting());
    expect(result.current.deleting).toBeUndefined();
  });
});

describe('ConfirmRemove', () => {
  it('is closed without a record, and deletes the one it asks about', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    const props = { words: { confirm: 'Delete', cancel: 'Cancel' }, testId: 'fruit-confirm', onConfirm, onClose };
    const { rerender } = render(<ConfirmRemove<Fruit> record={undefined} {...props}>Delete it?</ConfirmRemove>);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    rerender(
      <ConfirmRemove<Fruit> record={{ id: 3, name: 'Plum' }} {...props}>
        Delete Plum?
      </ConfirmRemove>,
    );
    await userEvent.click(screen.getByTestId('fruit-confirm-confirm'));
    expect(onConfirm).toHaveBeenCalledWith({ id: 3, name: 'Plum' });
    expect(onClose).toHaveBeenCalled();
  });
});
