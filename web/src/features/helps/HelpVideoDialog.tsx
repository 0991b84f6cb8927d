import type { Help } from '@atendo/contracts';
import { Classes, Dialog, DialogBody } from '@blueprintjs/core';
import { embedUrl } from './helpsApi';

interface HelpVideoDialogProps {
  help: Help | undefined;
  onClose(): void;
}

/** The chosen help video, played from YouTube, with its description. */
export function HelpVideoDialog({ help, onClose }: HelpVideoDialogProps) {
  const code = help?.video.trim();
  return (
    <Dialog isOpen={!!help} onClose={onClose} title={help?.title} icon="video" className="help-video-dialog">
      {help && (
        <DialogBody useOverflowScrollContainer={false} data-testid="help-video-dialog">
          {code && (
            <div className="help-video-frame">
              <iframe
                src={embedUrl(code)}
                title={help.title}
                allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
                data-testid="help-video"
              />
            </div>
          )}
          {help.description && <p className={`help-video-description ${Classes.RUNNING_TEXT}`}>{help.description}</p>}
        </DialogBody>
      )}
    </Dialog>
  );
}
