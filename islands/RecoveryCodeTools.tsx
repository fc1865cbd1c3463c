import { useEffect, useState } from 'react';
import { island } from './runtime/island';

/**
 * Copy (on the codes' page) and Print (on their print view) for new recovery codes: buttons only a live page
 * can offer, so they appear once it is live (without JavaScript: select the codes, or the browser's Print).
 */
/** Its words, in the page's language (an island receives only its own). */
export type RecoveryCodeWords = { copy: string; print: string; copied: string; copyFailed: string };

function RecoveryCodeTools({
  codes,
  print,
  words,
}: {
  codes: string[];
  print?: boolean;
  words: RecoveryCodeWords;
}) {
  const [live, setLive] = useState(false);
  const [said, setSaid] = useState('');
  useEffect(() => setLive(true), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setSaid(words.copied);
    } catch {
      setSaid(words.copyFailed);
    }
  }

  return (
    <>
      {live && (
        <span className="recovery-tools">
          {print ? (
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              {words.print}
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
              {words.copy}
            </button>
          )}
        </span>
      )}
      <span className="recovery-said" role="status">
        {said}
      </span>
    </>
  );
}

export default island('RecoveryCodeTools', RecoveryCodeTools);
