import type { Help } from '@atendo/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../ui/listPage/ListPage';
import { PagedList } from '../../ui/listPage/PagedList';
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
    <ListPage title={t('helps.title')} search={{ text: search, onText: setSearch, label: t('helps.search'), testId: 'helps-search' }}>
      <PagedList
        items={shown}
        loading={loading && helps.length === 0}
        empty={{ icon: 'video', text: words ? t('helps.noMatch') : t('helps.empty'), hint: words ? undefined : t('helps.emptyHint'), testId: 'helps-empty' }}
      >
        <div className="helps-grid" data-testid="helps-grid">
          {shown.map((help) => (
            <HelpCard key={help.id} help={help} onOpen={setPlaying} />
          ))}
        </div>
      </PagedList>
      <HelpVideoDialog help={playing} onClose={() => setPlaying(undefined)} />
    </ListPage>
  );
}
