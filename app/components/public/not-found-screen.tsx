import { Link } from 'react-router';

/** The 404 screen of the spec: an image, '404', 'This page doesn't exist' and 'Go Back Home'. */
export function NotFoundScreen({ detail }: { detail?: string | null }) {
  return (
    <main id="main" className="container py-5 text-center not-found">
      <img
        src="/404.svg"
        width={320}
        height={240}
        alt="An open law book with a magnifying glass finding nothing"
        className="img-fluid mb-4"
      />
      <h1 className="display-1 fw-bold mb-2">404</h1>
      <p className="lead mb-2">This page doesn't exist</p>
      {detail && <p className="text-body-secondary">{detail}</p>}
      <Link to="/" className="btn btn-primary mt-3">
        Go Back Home
      </Link>
    </main>
  );
}
