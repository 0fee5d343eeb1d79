/**
 * The Risk Disclosure Agreement as a Word (.docx) file, built with the `docx` package from the one text in
 * packages/contracts/src/content/risk-disclosure-agreement.ts, with the operator's name and contacts.
 */
import {
  type AgreementSection,
  RISK_DISCLOSURE_AGREEMENT,
  type RiskDisclosureAgreement,
} from "@kalpa/contracts/content/risk-disclosure-agreement";
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";

export interface AgreementOperator {
  brandName: string;
  name: string;
  email: string;
  phone: string;
}

const FONT = "Calibri";

function body(text: string): Paragraph {
  return new Paragraph({ spacing: { after: 160 }, children: [new TextRun({ text, size: 22 })] });
}

function section(part: AgreementSection): Paragraph[] {
  return [
    new Paragraph({
      heading: HeadingLevel.HEADING_2,
      spacing: { before: 240, after: 120 },
      text: part.heading,
    }),
    ...part.paragraphs.map(body),
    ...(part.points ?? []).map(
      (point) =>
        new Paragraph({
          bullet: { level: 0 },
          spacing: { after: 80 },
          children: [new TextRun({ text: point, size: 22 })],
        }),
    ),
  ];
}

/** A line to write on: the label, then a long underscore rule. */
function fillIn(label: string): Paragraph {
  return new Paragraph({
    spacing: { before: 320 },
    children: [
      new TextRun({ text: `${label}: `, bold: true, size: 22 }),
      new TextRun({ text: "_".repeat(48), size: 22 }),
    ],
  });
}

export async function buildAgreementDocx(
  operator: AgreementOperator,
  agreement: RiskDisclosureAgreement = RISK_DISCLOSURE_AGREEMENT,
): Promise<Buffer> {
  const doc = new Document({
    creator: operator.brandName,
    title: agreement.title,
    description: `${agreement.title} (version ${agreement.version}, ${agreement.effective})`,
    styles: { default: { document: { run: { font: FONT } } } },
    sections: [
      {
        children: [
          new Paragraph({
            heading: HeadingLevel.TITLE,
            alignment: AlignmentType.CENTER,
            text: agreement.title,
          }),
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { after: 240 },
            children: [
              new TextRun({
                text: `${operator.brandName} · Version ${agreement.version} · Effective ${agreement.effective}`,
                italics: true,
                size: 20,
              }),
            ],
          }),
          body(agreement.intro),
          ...agreement.sections.flatMap(section),
          new Paragraph({
            heading: HeadingLevel.HEADING_2,
            spacing: { before: 240, after: 120 },
            text: "Operator",
          }),
          body(
            `${operator.name}, operator of ${operator.brandName}. E-mail: ${operator.email}. Phone: ${operator.phone}.`,
          ),
          new Paragraph({
            heading: HeadingLevel.HEADING_2,
            pageBreakBefore: true,
            spacing: { after: 120 },
            text: agreement.declaration.heading,
          }),
          body(agreement.declaration.text),
          ...agreement.declaration.fields.map(fillIn),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
