/**
 * The site speaks to its visitors in one form of address: "tú" (elige, puedes, ingresa), the form
 * most of our own strings used when issue 35 counted them. This test reads every string and JSX
 * text of the web apps, the services (their Spanish 4xx reach the screen) and the mails, and fails
 * on a "vos" form (elegí, podés, ingresá) or an "usted" form (elija, ingrese, su carrito) — except
 * inside the spec's own strings, which stay exactly as the spec writes them (some in "usted").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');

/** Where the strings people read live: the web apps, the shared UI and messages, the services, the gateway. */
const SOURCE_DIRS = [
  'shell/src',
  'mfe-catalog/src',
  'mfe-checkout/src',
  'mfe-admin/src',
  'packages/web-kit/src',
  'packages/contracts/src',
  'packages/service-kit/src',
  'gateway/src',
  ...readdirSync(path.join(ROOT, 'services')).map((service) => `services/${service}/src`),
];

/** Strings of the spec (cinema-spec.md), kept as it writes them even where it says "usted". */
const SPEC_STRINGS = [
  'Su tarjeta ha sido rechazada. Intente nuevamente',
  'Error, intente nuevamente',
  'Ingrese un título válido.',
  'Escriba un comentario',
  'Por favor seleccione una pelicula *',
  'Por favor seleccione una sala *',
  'Por favor seleccione un dia *',
  'Por favor seleccione un tipo *',
  'Error al verificar casilla. Intente nuevamente.',
  'Hubo problemas. Intente nuevamente.',
];

/** Voseo: the imperatives and present forms we would write with "vos". */
const VOS = [
  'querés',
  'podés',
  'tenés',
  'sabés',
  'debés',
  'necesitás',
  'sos',
  'vos',
  'elegí',
  'ingresá',
  'escribí',
  'revisá',
  'probá',
  'volvé',
  'iniciá',
  'registrate',
  'mirá',
  'hacé',
  'pedí',
  'usá',
  'seguí',
  'esperá',
  'confirmá',
  'cambiá',
  'completá',
  'agregá',
  'abrí',
  'guardá',
  'descargá',
  'presentá',
  'mostrá',
  'tocá',
  'llevá',
  'intentá',
  'verificá',
  'buscá',
  'comprá',
  'pagá',
  'recordá',
  'fijate',
  'acordate',
  'disfrutá',
  'contanos',
  'escribinos',
  'dejá',
  'creá',
  'cargá',
  'subí',
  'poné',
  'decí',
  'andá',
  'consultá',
  'reintentá',
  'cancelá',
  'elegilas',
  'elegila',
  'abrilas',
  'iniciá',
  'escaneá',
  'reembolsá',
];

/** Usted: imperatives and the possessive that address the reader as "usted". */
const USTED = [
  'usted',
  'ingrese',
  'elija',
  'intente',
  'inténtelo',
  'seleccione',
  'escriba',
  'verifique',
  'revise',
  'vuelva',
  'pruebe',
  'inicie',
  'complete',
  'confirme',
  'espere',
  'regístrese',
  'comuníquese',
  'diríjase',
  'acérquese',
  'consulte',
  'cambie',
  'agregue',
  'compre',
  'pague',
  'utilice',
  'busque',
  'haga',
  'pida',
  'disfrute',
  'recuerde',
  'tenga',
  'cancele',
  'reembolse',
  'abra',
  'descargue',
  'muestre',
  'con usted',
  'devolverle el dinero',
  // 'su' and 'sus' are also the third person ('la película y sus comentarios'): only before what is the reader's own.
  'su carrito',
  'sus entradas',
  'su reserva',
  'sus asientos',
  'su compra',
  'su cuenta',
  'su contraseña',
  'su tarjeta',
  'su feedback',
  'su correo',
  'su e-mail',
  'su pedido',
  'sus butacas',
  'su sesión',
];

const pattern = (words: string[]) => new RegExp(`(?<![\\p{L}])(${words.join('|')})(?![\\p{L}])`, 'iu');
const VOS_PATTERN = pattern(VOS);
const USTED_PATTERN = pattern(USTED);

function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!statSync(absolute, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(absolute, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|e2e)\.tsx?$|(^|\/)(test|testing|__tests__)\//.test(file))
    .map((file) => path.join(dir, file));
}

/** Every text a person may read in a file: string literals, the static parts of template literals and JSX text (not module paths). */
function textsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      texts.push(node.text);
    }
    if (ts.isTemplateExpression(node)) texts.push(node.head.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** The file's texts that use `form`, the spec's strings left out. */
function offenders(form: RegExp): string[] {
  const found: string[] = [];
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    for (const text of textsOf(file)) {
      const ours = SPEC_STRINGS.reduce((rest, spec) => rest.split(spec).join(' '), text);
      const match = form.exec(ours);
      if (match) found.push(`${file}: «${match[0]}» in ${JSON.stringify(text.trim().slice(0, 120))}`);
    }
  }
  return found;
}

test('the scan reads the apps, the services and the mails', () => {
  const files = SOURCE_DIRS.flatMap(sourceFiles);
  expect(files).toEqual(expect.arrayContaining(['shell/src/app/App.tsx', 'services/notification/src/mail/templates.ts']));
  expect(files.length).toBeGreaterThan(200);
});

test('no "vos" form in our strings: the site says "elige", "puedes", "ingresa"', () => {
  expect(offenders(VOS_PATTERN)).toEqual([]);
});

test('no "usted" form beside "tú" in our strings; the spec’s own strings keep theirs', () => {
  expect(offenders(USTED_PATTERN)).toEqual([]);
});

test('the detectors know the forms apart', () => {
  expect(VOS_PATTERN.test('Elegí tus butacas')).toBe(true);
  expect(USTED_PATTERN.test('Revise su carrito y vuelva a pagar.')).toBe(true);
  expect(VOS_PATTERN.test('Elige tus butacas')).toBe(false);
  expect(USTED_PATTERN.test('Revisa tu carrito y vuelve a pagar.')).toBe(false);
  // Third person is not a form of address.
  expect(USTED_PATTERN.test('¿ Eliminar la película y sus comentarios ?')).toBe(false);
});
