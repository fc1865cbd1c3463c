import { useEffect, useState } from 'react';
import { island } from './runtime/island';

/**
 * Copy (on the codes' page) and Print (on their print view) for new recovery codes: buttons only a live page
 * can offer, so they appear once it is live (without JavaScript: select the codes, or the browser's Print).
 */
function RecoveryCodeTools({ codes, print }: { codes: string[]; print?: boolean }) {
  const [live, setLive] = useState(false);
  const [said, setSaid] = useState('');
  useEffect(() => setLive(true), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setSaid('Copied the recovery codes.');
    } catch {
      setSaid('The codes could not be copied here: select them, or download them instead.');
    }
  }

  return (
    <>
      {live && (
        <span className="recovery-tools">
          {print ? (
            <button type="button" className="btn btn-primary" onClick={() => window.print()}>
              Print
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
              Copy
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
