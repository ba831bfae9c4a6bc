import { useEffect, useMemo, useRef, useState } from 'react';
import { caseDetails, caseCategory } from '@content/resources/index';
import { ScrollCell, textColumn, type Column } from '~/components/admin/DataTable';
import { editableRow } from '~/components/admin/lifecycle';
import { FileView } from '~/components/admin/FileView';
import { notify } from '~/components/admin/notify';
import { loadOptions, refText, valuesFromRow, type Option, type Row } from '~/components/admin/resource-form';
import { PageField, PageFile, ResourcePageLayout, useResourcePage } from '~/components/admin/ResourceManager';
import { api } from '~/lib/api';

export function meta() {
  return [{ title: 'Case Details | Admin' }];
}

const NO_TITLES = 'No case titles available for selected category.';

/** The case titles of one category (POST /api/cases/getcasesByCategory). */
async function titlesOf(categoryId: string): Promise<Option[]> {
  const res = await api<{ cases?: Row[] }>('/api/cases/getcasesByCategory', {
    method: 'POST',
    json: { case_category_id: Number(categoryId) },
  });
  if (!res.ok) throw new Error(res.body.message || 'Error fetching cases');
  return (res.body.cases ?? []).map((c) => ({ value: String(c.case_id), label: String(c.case_title_name ?? '') }));
}

/** Case details: the category choice drives the case-title select; rich-text description or a document. */
export default function CaseDetailsPage() {
  const def = caseDetails;
  const formRef = useRef<HTMLFormElement>(null);
  const page = useResourcePage(def, formRef);
  const [categories, setCategories] = useState<Option[]>([]);
  const [titles, setTitles] = useState<Option[]>([]);
  const request = useRef(0);

  useEffect(() => {
    void loadOptions(caseCategory.key).then(({ options, error }) => {
      setCategories(options);
      if (error) notify.error(error);
    });
  }, []);

  /** Loads the titles of a category; `keep` is the title to keep selected (editing a row). */
  const loadTitles = async (categoryId: string, keep = '') => {
    const n = ++request.current;
    setTitles([]);
    if (!categoryId) return;
    try {
      const list = await titlesOf(categoryId);
      if (n !== request.current) return;
      setTitles(list);
      if (list.length === 0) notify.warning(NO_TITLES);
      if (keep) page.setValue('case_id', keep);
    } catch (err) {
      if (n === request.current) notify.error(err instanceof Error ? err.message : 'Error fetching cases');
    }
  };

  const chooseCategory = (categoryId: string) => {
    page.setValues((v) => ({ ...v, case_category_id: categoryId, case_id: '' }));
    void loadTitles(categoryId);
  };

  const startEdit = (row: Row) => {
    const vals = valuesFromRow(def, editableRow(row));
    page.startEdit(row, vals);
    void loadTitles(vals.case_category_id ?? '', vals.case_id ?? '');
  };

  const send = (status?: 'draft' | 'published') =>
    void page.submit({
      extraCheck: () => (shownTitles.some((t) => t.value === page.values.case_id) ? null : 'Selected case title is invalid'),
      status,
    });

  const reset = () => {
    request.current++;
    setTitles([]);
    page.reset();
  };

  const columns = useMemo<Column<Row>[]>(
    () => [
      textColumn<Row>('category', 'Case Category', (r) => refText(def, 'case_category_id', r)),
      textColumn<Row>('title', 'Case Title', (r) => refText(def, 'case_id', r)),
      {
        key: 'content',
        header: 'Description',
        text: (r) => String(r.case_content ?? '').replace(/<[^>]*>/g, ' '),
        render: (r, i) => <ScrollCell label={`Description ${i + 1}`} html={String(r.case_content ?? '')} />,
      },
      {
        key: 'file',
        header: 'File',
        render: (r, i) => <FileView path={r.case_file as string | null} alt={`File ${i + 1}`} />,
      },
    ],
    [def],
  );

  // After a save or a reset the category is empty again, and so is the title list.
  const shownTitles = page.values.case_category_id ? titles : [];
  return (
    <ResourcePageLayout
      page={page}
      formRef={formRef}
      columns={columns}
      caption="Case details list"
      rowLabel={(_r, sno) => `case details ${sno}`}
      onEdit={startEdit}
      reset={reset}
      submit={send}
    >
      <PageField page={page} name="case_category_id" onChange={chooseCategory} options={categories} />
      <PageField page={page} name="case_id" options={shownTitles} disabled={shownTitles.length === 0} />
      <PageField page={page} name="case_content" />
      <PageFile page={page} name="case_file" />
    </ResourcePageLayout>
  );
}
