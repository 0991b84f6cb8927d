import type { Help } from '@atendo/contracts';
import { Card, Classes, H5 } from '@blueprintjs/core';
import { HelpThumbnail } from './HelpThumbnail';

interface HelpCardProps {
  help: Help;
  onOpen(help: Help): void;
}

/** One help video of the grid: its still, title and description; opens the player. */
export function HelpCard({ help, onOpen }: HelpCardProps) {
  return (
    <Card
      interactive
      compact
      className="help-card"
      role="button"
      tabIndex={0}
      aria-label={help.title}
      onClick={() => onOpen(help)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen(help);
        }
      }}
      data-testid="help-card"
      data-help-id={help.id}
    >
      <HelpThumbnail video={help.video} />
      <H5 className={`help-card-title ${Classes.TEXT_OVERFLOW_ELLIPSIS}`} title={help.title}>
        {help.title}
      </H5>
      {help.description && <p className={`help-card-description ${Classes.TEXT_MUTED}`}>{help.description}</p>}
    </Card>
  );
}
