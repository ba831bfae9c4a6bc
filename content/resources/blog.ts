import { defineResource, DOCUMENT_ACCEPT, isBlank, isEmptyHtml } from '../kit';

export const blog = defineResource({
  key: 'blog',
  label: 'Blog',
  table: 'blogs',
  id: 'blog_id',
  calls: ['/blog/addblogs', '/blog/getblogs', '/blog/updateBlog', '/blog/deleteblog'],
  body: 'multipart',
  keys: { list: 'blogs', add: 'blog', update: 'blog' },
  order: 'desc',
  fields: {
    title: { type: 'text', label: 'Blog Title', max: 200, translatable: true },
    case_category_id: { type: 'ref', ref: 'caseCategory', label: 'Case Category' },
    description: { type: 'html', label: 'Description', max: 500_000, translatable: true },
  },
  files: {
    blog_image: {
      kind: 'image',
      label: 'Blog Image',
      formats: ['jpg', 'png'],
      accept: '.jpg,.jpeg,.png,image/jpeg,image/png',
    },
    blog_file: { kind: 'document', label: 'File', accept: DOCUMENT_ACCEPT },
  },
  joins: [{ via: 'case_category_id', ref: 'caseCategory', columns: ['case_name'] }],
  validate: (v, ctx) => {
    if (isBlank(v.title) || isBlank(v.case_category_id)) return 'Please fill in the blog title and case category.';
    const hasFile = ctx.hasNewFile('blog_file') || ctx.hasStoredFile('blog_file');
    if (!hasFile && isEmptyHtml(v.description)) return 'Please provide a blog description or upload a file.';
    if (!ctx.hasNewFile('blog_image') && !ctx.hasStoredFile('blog_image')) return 'Please upload a blog image.';
    return null;
  },
  missingIdMessage: 'No blog selected for update.',
  site: {
    list: '/blog',
    perPage: 12,
    failed: 'Failed to load blogs',
    page: (row) => `/blog-details/${Number(row.blog_id)}`,
  },
  search: { kind: 'blog', label: 'Blog', title: 'title', text: ['description', 'case_name'] },
  rule36: { fields: ['title', 'description'] },
  assistant: {
    note: "Blogs are the cards of /blog; 'Read More' opens /blog-details/{blog id}.",
    synonyms: 'article|blog post',
    informs: true,
  },
  admin: { path: 'blog', title: 'Blogs', empty: 'No blogs available.' },
});
