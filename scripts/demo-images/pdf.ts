// The demo content's PDFs (scripts/generate-demo-images.ts): one A4 page of Helvetica text each, written
// by hand (no PDF library), so a regeneration gives the same bytes.

/**
 * The Producer the PDFs name. Still the generator's first file name: the committed files keep their bytes
 * (decision 0086).
 */
const PRODUCER = 'generate-demo-images.mjs';

function wrap(line: string, max = 88): string[] {
  const words = line.split(' ');
  const out: string[] = [];
  let cur = '';
  for (const wd of words) {
    if ((cur + ' ' + wd).trim().length > max) {
      out.push(cur);
      cur = wd;
    } else cur = (cur + ' ' + wd).trim();
  }
  if (cur || !out.length) out.push(cur);
  return out;
}

/** One page: a title, a subtitle and sections of lines ('- ' starts a bullet). */
export interface PdfSpec {
  title: string;
  subtitle: string;
  sections: { heading: string; lines: string[] }[];
}

export function pdf({ title, subtitle, sections }: PdfSpec): Buffer {
  const pdfText = (s: string) => s.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
  let y = 790;
  const ops: string[] = [];
  ops.push('0.106 0.165 0.255 rg 0 800 595 42 re f');
  ops.push(`BT /F2 13 Tf 1 1 1 rg 40 815 Td (${pdfText('Harrow & Vale Legal Consultants')}) Tj ET`);
  ops.push(
    `BT /F1 9 Tf 0.886 0.788 0.561 rg 330 815 Td (${pdfText('4th Floor, Marine Crest, Shanmugham Road, Kochi 682031')}) Tj ET`,
  );
  y = 760;
  ops.push(`BT /F2 17 Tf 0.106 0.165 0.255 rg 40 ${y} Td (${pdfText(title)}) Tj ET`);
  y -= 20;
  ops.push(`BT /F3 10 Tf 0.36 0.42 0.51 rg 40 ${y} Td (${pdfText(subtitle)}) Tj ET`);
  y -= 10;
  ops.push(`0.788 0.643 0.361 RG 1.5 w 40 ${y} m 555 ${y} l S`);
  y -= 24;
  for (const sec of sections) {
    ops.push(`BT /F2 11.5 Tf 0.106 0.165 0.255 rg 40 ${y} Td (${pdfText(sec.heading)}) Tj ET`);
    y -= 17;
    for (const item of sec.lines) {
      const bullet = item.startsWith('- ');
      const lines = wrap(bullet ? item.slice(2) : item, bullet ? 92 : 96);
      lines.forEach((l, i) => {
        const x = bullet ? 58 : 40;
        if (bullet && i === 0) ops.push(`BT /F1 10 Tf 0.788 0.643 0.361 rg 46 ${y} Td (-) Tj ET`);
        ops.push(`BT /F1 10 Tf 0.15 0.15 0.15 rg ${x} ${y} Td (${pdfText(l)}) Tj ET`);
        y -= 14;
      });
      y -= 2;
    }
    y -= 10;
  }
  if (y < 70) throw new Error(`PDF "${title}" does not fit on one page`);
  ops.push('0.788 0.643 0.361 RG 0.8 w 40 52 m 555 52 l S');
  ops.push(
    `BT /F3 8.5 Tf 0.36 0.42 0.51 rg 40 38 Td (${pdfText("This document is general information prepared for the firm's website. It is not legal advice for any particular matter.")}) Tj ET`,
  );
  ops.push(
    `BT /F3 8.5 Tf 0.36 0.42 0.51 rg 40 26 Td (${pdfText('contact@harrowvale.example  |  +91 484 400 1993  |  Names and identifying details have been changed.')}) Tj ET`,
  );
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R /F3 6 0 R >> >> /Contents 7 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Oblique /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${pdfText(title)}) /Author (Harrow & Vale Legal Consultants) /Producer (${PRODUCER}) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export const PDFS: Record<string, PdfSpec> = {
  'property-title-checklist.pdf': {
    title: 'Property Title Verification Checklist',
    subtitle: 'For buyers of land, houses and apartments in Kerala',
    sections: [
      {
        heading: '1. Documents to ask the seller for',
        lines: [
          '- The title deed (sale deed, gift deed, partition deed or settlement deed) and every prior deed for at least 30 years.',
          "- The latest land tax (basic tax) receipt from the village office, in the seller's name.",
          '- Possession certificate and location sketch from the village office.',
          '- Building permit, approved plan and occupancy certificate (for built property).',
          "- For apartments: the builder's RERA registration and the agreement for sale.",
        ],
      },
      {
        heading: '2. Searches to make',
        lines: [
          "- Encumbrance certificate from the Sub-Registrar's office covering at least 30 years.",
          '- Check the thandaper (revenue) record and survey number against the deed.',
          '- Confirm the land is not classified as paddy or wetland under the Conservation of Paddy Land and Wetland Act, 2008.',
          '- Ask whether any suit, attachment or acquisition notice is pending.',
        ],
      },
      {
        heading: '3. Before you pay',
        lines: [
          '- Have an advocate read the chain of title and issue a written title opinion.',
          '- Verify the identity of every owner and heir who must sign; one missing signature can void a sale.',
          '- Pay by bank transfer and record every payment in the sale deed.',
          '- Register the sale deed and apply for mutation of the revenue records promptly.',
        ],
      },
      {
        heading: 'Red flags',
        lines: [
          'A seller who will not show original deeds, a power of attorney sale, a price far below the market, gaps in the chain of title, or a survey number that does not match the village records.',
        ],
      },
    ],
  },
  'rent-control-order-summary.pdf': {
    title: 'Rent Control Petition - Summary of Order',
    subtitle: 'Eviction for bona fide need of the landlord (Kerala Buildings (Lease and Rent Control) Act, 1965)',
    sections: [
      {
        heading: 'Parties and property',
        lines: [
          'Petitioner: a retired teacher, owner of a two-storey commercial building in Ernakulam. Respondent: tenant of the ground-floor shop room since 2009.',
        ],
      },
      {
        heading: 'The need pleaded',
        lines: [
          'The petitioner sought the shop room for her son, who had qualified as a pharmacist and had no other premises of his own to start a medical store.',
        ],
      },
      {
        heading: 'What the Rent Control Court considered',
        lines: [
          '- Whether the need was genuine and not a pretext to raise the rent.',
          '- Whether the landlord or her son had other suitable buildings in the same city.',
          '- Whether the tenant depended solely on the business for a livelihood and whether other premises were available nearby.',
        ],
      },
      {
        heading: 'Outcome',
        lines: [
          '- Eviction ordered; the tenant was given six months to vacate.',
          '- The parties later agreed on an earlier handover in return for a waiver of arrears for the final quarter.',
          '- Possession was delivered without execution proceedings.',
        ],
      },
      {
        heading: 'Practical notes',
        lines: [
          "Keep rent receipts and correspondence; prove the family member's qualification and plans with documents; and consider a negotiated timeline, which often saves a year of execution proceedings.",
        ],
      },
    ],
  },
  'health-claim-order-summary.pdf': {
    title: 'Consumer Complaint - Summary of Order',
    subtitle: 'Repudiated health insurance claim before a District Consumer Disputes Redressal Commission',
    sections: [
      {
        heading: 'Facts',
        lines: [
          'The complainant, a 52-year-old shopkeeper, underwent an angioplasty. His insurer rejected the cashless request and then the reimbursement claim of Rs. 3,40,000, citing non-disclosure of a pre-existing condition.',
        ],
      },
      {
        heading: 'Issues',
        lines: [
          '- Was the hypertension relied on by the insurer diagnosed before the policy began?',
          "- Had the insurer's own pre-policy medical check recorded the condition?",
          '- Was the rejection a deficiency in service under the Consumer Protection Act, 2019?',
        ],
      },
      {
        heading: 'Findings',
        lines: [
          '- The insurer produced no record of treatment before the policy was issued.',
          '- Its own pre-policy check-up had not flagged hypertension.',
          '- The policy had been renewed without a break for six years.',
        ],
      },
      {
        heading: 'Relief granted',
        lines: [
          '- The claim amount with interest at 9% a year from the date of repudiation.',
          '- Rs. 25,000 as compensation for mental agony and Rs. 10,000 as costs.',
          '- Payment within 45 days of the order.',
        ],
      },
    ],
  },
};
