import type { Help } from '@atendo/contracts';
import { H3, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpCard } from './HelpCard';
import { HelpVideoDialog } from './HelpVideoDialog';
import { useHelps } from './useHelps';
import './helps.css';

const matches = (help: Help, words: string) =>
  `${help.title} ${help.description}`.toLocaleLowerCase().includes(words.toLocaleLowerCase());

/** /helps, for every user: the platform's help videos as a grid of cards, searched by title and description. */
export function HelpsPage() {
  const { t } = useTranslation();
  const { helps, loading } = useHelps();
  const [search, setSearch] = useState('');
  const [playing, setPlaying] = useState<Help>();
  const words = search.trim();
  const shown = useMemo(() => (words ? helps.filter((h) => matches(h, words)) : helps), [helps, words]);

  return (
    <div className="shell-page helps-page" data-testid="page">
      <div className="helps-header">
        <H3 className="helps-heading">{t('helps.title')}</H3>
        <InputGroup
          type="search"
          leftIcon="search"
          aria-label={t('helps.search')}
          placeholder={t('helps.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          className="helps-search"
          data-testid="helps-search"
        />
      </div>
      {loading && helps.length === 0 ? (
        <NonIdealState icon={<Spinner />} />
      ) : shown.length === 0 ? (
        <NonIdealState
          icon="video"
          title={words ? t('helps.noMatch') : t('helps.empty')}
          description={words ? undefined : t('helps.emptyHint')}
          data-testid="helps-empty"
        />
      ) : (
        <div className="helps-grid" data-testid="helps-grid">
          {shown.map((help) => (
            <HelpCard key={help.id} help={help} onOpen={setPlaying} />
          ))}
        </div>
      )}
      <HelpVideoDialog help={playing} onClose={() => setPlaying(undefined)} />
    </div>
  );
}
