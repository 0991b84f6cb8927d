import { Button, H3, InputGroup, Intent, Tag, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './listPage.css';

export interface ListPageSearch {
  text: string;
  onText(text: string): void;
  /** The field's accessible name; its placeholder too unless `placeholder` says otherwise. */
  label: string;
  placeholder?: string;
  testId: string;
}

export interface ListPageAdd {
  text: string;
  onClick(): void;
  testId: string;
  icon?: IconName;
}

interface ListPageProps {
  title: ReactNode;
  /** On the heading, for pages whose title is data (a list's name). */
  titleTestId?: string;
  /** How many records there are, beside the title. */
  count?: { text: string; testId: string };
  /** Before the heading: a way back. */
  before?: ReactNode;
  search?: ListPageSearch;
  /** Buttons between the search and the add button (import, export, settings). */
  tools?: ReactNode;
  add?: ListPageAdd;
  /** A class of the feature's own, for what only its page has. */
  className?: string;
  /** The list (a PagedList), then the page's dialogs. */
  children: ReactNode;
}

/**
 * The frame every record list of the console shares: a heading, the search, the page's tools and its add button
 * above the list. On a small screen the tools take a line of their own.
 */
export function ListPage({ title, titleTestId, count, before, search, tools, add, className, children }: ListPageProps) {
  return (
    <div className={className ? `shell-page list-page ${className}` : 'shell-page list-page'} data-testid="page">
      <div className="list-page-header">
        <div className="list-page-title">
          {before}
          <H3 className="list-page-heading" data-testid={titleTestId}>
            {title}
            {count && (
              <>
                {' '}
                <Tag minimal round data-testid={count.testId}>
                  {count.text}
                </Tag>
              </>
            )}
          </H3>
        </div>
        <div className="list-page-tools">
          {search && (
            <InputGroup
              type="search"
              leftIcon="search"
              className="list-page-search"
              aria-label={search.label}
              placeholder={search.placeholder ?? search.label}
              value={search.text}
              onChange={(event) => search.onText(event.currentTarget.value)}
              data-testid={search.testId}
            />
          )}
          {tools}
          {add && <Button intent={Intent.PRIMARY} icon={add.icon ?? 'add'} text={add.text} onClick={add.onClick} data-testid={add.testId} />}
        </div>
      </div>
      {children}
    </div>
  );
}
