import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { resources } from '../content/resources/index';
import { withLocaleCopies } from './locale-routes';

export default [
  // Public site: server-rendered, inside the public chrome (header, footer, disclaimer).
  // Each also under /ml/… and /hi/… (decision 0063).
  layout('routes/public/layout.tsx', withLocaleCopies([
    index('routes/public/home.tsx'),
    route('about-us', 'routes/public/about.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('our-case', 'routes/public/our-case.tsx'),
    route('our-case-details/:categoryId', 'routes/public/our-case-details.tsx'),
    route('our-case-details-view/:caseId', 'routes/public/our-case-details-view.tsx'),
    route('gallery', 'routes/public/gallery.tsx'),
    route('event', 'routes/public/event.tsx'),
    route('events/:id', 'routes/public/event-detail.tsx'),
    route('blog', 'routes/public/blog.tsx'),
    route('blog-details/:blog_id', 'routes/public/blog-details.tsx'),
    route('book-consultation', 'routes/public/book-consultation.tsx'),
    route('vacancies', 'routes/public/vacancies.tsx'),
    route('faqs', 'routes/public/faqs.tsx'),
    route('our-legal-team', 'routes/public/our-legal-team.tsx'),
    route('privacy-policy', 'routes/public/privacy-policy.tsx'),
    route('search', 'routes/public/search.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ])),
  route('sitemap.xml', 'routes/public/sitemap.ts'),
  route('robots.txt', 'routes/public/robots.ts'),

  // Admin: client-rendered behind the session cookie.
  // The admin layout (pathless) holds the admin toasts and styles for the login screen and the shell alike.
  layout('routes/admin/root.tsx', [
    route('admin-login', 'routes/admin/login.tsx'),
    // Behind 'Forgot Password?' and the emailed links: outside the shell guard, never cached (/admin-login…).
    route('admin-login/forgot-password', 'routes/admin/forgot-password.tsx'),
    route('admin-login/reset-password', 'routes/admin/reset-password.tsx'),
    route('admin-side-bar', 'routes/admin/shell.tsx', [
      index('routes/admin/index.tsx'),
      route('dashboard', 'routes/admin/dashboard.tsx'),
      // One management page per declared content group (content/resources): the generic page, or the
      // group's own screen where it has one.
      ...resources.map((r) =>
        r.admin.screen ? route(r.admin.path, r.admin.screen) : route(r.admin.path, 'routes/admin/resource-page.tsx', { id: `admin-${r.key}` }),
      ),
      route('mail', 'routes/admin/mail.tsx'),
      route('consultations', 'routes/admin/consultations.tsx'),
      route('lawyers', 'routes/admin/lawyers.tsx'),
      route('conflict-list', 'routes/admin/conflict-list.tsx'),
      route('data-requests', 'routes/admin/data-requests.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('admins', 'routes/admin/admins.tsx'),
      route('my-account', 'routes/admin/my-account.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('redirects', 'routes/admin/redirects.tsx'),
      route('not-found', 'routes/admin/not-found.tsx'),
      route('insights', 'routes/admin/insights.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
