/**
 * No component shows words that are not in the dictionaries (issue 38): a word written straight into JSX
 * would stay English in Telugu and Hindi. Scans every component (not tests, not the operator console, which
 * stays English) for text children, strings in child expressions, and the text attributes a reader or a
 * screen reader meets (aria-label, title, placeholder, alt…). Punctuation, symbols and numbers may stay.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SOURCE_ROOT = path.resolve(import.meta.dirname, "../..");
const TEXT_ATTRIBUTES = new Set([
  "aria-label",
  "aria-description",
  "aria-placeholder",
  "aria-roledescription",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
]);

/** Words: any letter, in any script. */
const hasWords = (text: string) => /\p{L}/u.test(text);

/** The literal text an expression can produce without a lookup: strings, template text, both branches. */
function literalTexts(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  }
  if (ts.isParenthesizedExpression(node)) return literalTexts(node.expression);
  if (ts.isConditionalExpression(node)) {
    return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  }
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(node.right);
    if (
      operator === ts.SyntaxKind.BarBarToken ||
      operator === ts.SyntaxKind.QuestionQuestionToken
    ) {
      return [...literalTexts(node.left), ...literalTexts(node.right)];
    }
  }
  return [];
}

interface Literal {
  file: string;
  line: number;
  where: string;
  text: string;
}

/** Every literal text a TSX source renders. */
function literalsIn(file: string, source: string): Literal[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Literal[] = [];
  const add = (node: ts.Node, where: string, text: string) => {
    if (!hasWords(text)) return;
    const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push({ file, line, where, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, "text", node.text);
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const text of literalTexts(node.expression)) add(node, "child", text);
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(tree))) {
      const value = node.initializer;
      const expression = value && ts.isJsxExpression(value) ? value.expression : value;
      if (expression) {
        for (const text of literalTexts(expression)) add(node, node.name.getText(tree), text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const components = readdirSync(SOURCE_ROOT, { recursive: true, encoding: "utf8" })
  .map((file) => file.split(path.sep).join("/"))
  .filter(
    (file) =>
      file.endsWith(".tsx") &&
      !file.endsWith(".test.tsx") &&
      !file.startsWith("test/") &&
      !file.startsWith("features/admin/"),
  );

describe("literal text in components", () => {
  it("finds the kinds of literal it looks for (the scan itself)", () => {
    const sample = `
      export const A = () => (
        <div title="Hello" aria-label={"Menu"} placeholder={\`Search \${x}\`}>
          Welcome
          {ready ? "Done" : t("x")}
          {"·"} 42 {t("common.close")}
          <img alt="" />
        </div>
      );`;
    expect(literalsIn("sample.tsx", sample).map((literal) => literal.text)).toEqual([
      "Hello",
      "Menu",
      "Search",
      "Welcome",
      "Done",
    ]);
  });

  it("scans every component", () => {
    expect(components.length).toBeGreaterThan(100);
  });

  it("has none: every word a component shows comes from the dictionaries", () => {
    const literals = components.flatMap((file) =>
      literalsIn(file, readFileSync(path.join(SOURCE_ROOT, file), "utf8")),
    );
    expect(
      literals.map(({ file, line, where, text }) => `${file}:${line} ${where} ${text}`),
    ).toEqual([]);
  });
});
