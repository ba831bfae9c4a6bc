import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { wrapTabKey } from './focus-wrap';

/** Delay before the disclaimer appears (spec section 9). */
export const DISCLAIMER_DELAY_MS = 5000;

/** The legal disclaimer popup: 5 s after load, on a static backdrop, closable. */
export function DisclaimerPopup({ firmName }: { firmName: string }) {
  const [show, setShow] = useState(false);
  useEffect(() => {
    const id = window.setTimeout(() => setShow(true), DISCLAIMER_DELAY_MS);
    return () => window.clearTimeout(id);
  }, []);

  return (
    <Modal
      show={show}
      onHide={() => setShow(false)}
      backdrop="static"
      centered
      size="lg"
      aria-labelledby="disclaimer-title"
      className="disclaimer-modal"
    >
      <div onKeyDown={wrapTabKey}>
        <Modal.Header closeButton closeLabel="Close">
          <div>
            <Modal.Title id="disclaimer-title" as="h2">
              Legal Disclaimer
            </Modal.Title>
            <p className="disclaimer-subtitle mb-0">For Clarity. For Compliance.</p>
          </div>
        </Modal.Header>
        <Modal.Body>
          <p>
            The rules of the Bar Council of India forbid advocates from soliciting work or advertising in any form. This
            website is not an advertisement or a solicitation.
          </p>
          <p>By visiting this website, you acknowledge that:</p>
          <ol className="disclaimer-points">
            <li>
              You have come to this website of your own accord, without any solicitation, invitation or inducement from{' '}
              {firmName} or its members.
            </li>
            <li>The content of this website is for information only and is not legal advice.</li>
            <li>No attorney-client relationship is created by visiting this website or by using its material.</li>
            <li>
              {firmName} is not liable for any action taken by anyone on the basis of the material on this website.
            </li>
          </ol>
          <p className="mb-0">For advice on your own situation, please seek a formal consultation.</p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="primary" onClick={() => setShow(false)}>
            I Understand
          </Button>
        </Modal.Footer>
      </div>
    </Modal>
  );
}
