import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) over the pages an administrator reaches from the side
 * menu (generated lists and bespoke pages), each list's first card (every tab of the client card)
 * and create form (the client and matter wizards among them), the SPA's and the embedded
 * provider's sign-in pages; then the sign-in pages and five lists with their cards and create
 * forms again in the dark theme. Each test prints the figures of every page audited (violations
 * by impact, in nodes) and fails on any violation of serious or critical impact, naming the rule,
 * the page and the first element.
 *
 * Two sweeps (docs/testing.md). `A11Y_SWEEP=full` (`npm run test:a11y`) visits and audits every
 * page of every side-menu entry, and prints the entries whose pages showed a kind of UI (a
 * component, a variant, an ARIA role: `pageKinds`) that no entry before them showed. `npm test`
 * visits only those entries (`KIND_SAMPLES`, the last full sweep's answer, plus the bespoke pages
 * and the billing documents) and audits a page when it shows a kind of UI no audited page showed;
 * the sign-in pages and the client card's tabs always.
 */

const FULL_SWEEP = process.env.A11Y_SWEEP === 'full';

/**
 * The side-menu entries whose pages (list, first card, create form) brought a kind of UI that no
 * entry before them in the menu brought, as the full sweep printed it; with the bespoke pages
 * (structure, catalogs) and the invoices. Update it from `npm run test:a11y`'s "kinds" line when
 * a page gains a new kind of component.
 */
const KIND_SAMPLES = [
  '/clients',
  '/contacts',
  '/leads',
  '/templates',
  '/times',
  '/matters',
  '/job-titles',
  '/shared-materials',
  '/catalogs',
  '/structure',
  '/verificationChains',
  '/positions',
  '/outboxMessages',
  '/expenses',
  '/pre-invoices',
  '/invoices',
  '/officeDebts',
];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
type Finding = { page: string; rule: string; impact: string; nodes: number; example: string; help: string };

/**
 * What kinds of UI the page shows: the MUI and react-admin component classes with their variants
 * (`MuiChip-colorSuccess`, `RaDatagrid-row`), every ARIA role and every form control's type. Two
 * pages with the same kinds are built from the same components in the same states.
 */
async function pageKinds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const kinds = new Set<string>();
    for (const el of document.body.querySelectorAll('*')) {
      for (const c of el.classList) if (/^(Mui|Ra)[A-Za-z]+-[A-Za-z]+$/.test(c)) kinds.add(c);
      const role = el.getAttribute('role');
      if (role) kinds.add(`role=${role}`);
      if (el instanceof HTMLInputElement) kinds.add(`input=${el.type}`);
    }
    return [...kinds];
  });
}

class Audit {
  readonly findings: Finding[] = [];
  pages = 0;
  skipped = 0;
  private readonly seen = new Set<string>();

  constructor(private readonly name: string) {}

  /**
   * Runs axe on the page as it is once no progress indicator is left, and records its violations.
   * Unless `always` or the full sweep, a page that shows no kind of UI an audited page has not
   * shown is counted as skipped instead.
   */
  async run(page: Page, label: string, always = false): Promise<boolean> {
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
    const kinds = await pageKinds(page);
    const fresh = kinds.filter((k) => !this.seen.has(k));
    for (const k of kinds) this.seen.add(k);
    if (!FULL_SWEEP && !always && fresh.length === 0) {
      this.skipped++;
      console.log(`[axe ${this.name}] ${label}: no new kind of UI, not audited`);
      return false;
    }
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    this.pages++;
    const here = result.violations.map((v) => ({
      page: label,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.length,
      example: v.nodes[0]?.target.join(' ') ?? '',
      help: v.help,
    }));
    this.findings.push(...here);
    const byImpact = IMPACTS.map((i) => `${i} ${here.filter((f) => f.impact === i).reduce((n, f) => n + f.nodes, 0)}`);
    console.log(`[axe ${this.name}] ${label}: ${byImpact.join(', ')}`);
    for (const f of here)
      console.log(`[axe ${this.name}]   ${f.impact} ${f.rule} x${f.nodes}: ${f.example} (${f.help})`);
    return fresh.length > 0;
  }

  /** Prints the totals and every finding, then fails on a serious or critical one. */
  report(): void {
    const totals = IMPACTS.map((impact) => {
      const hits = this.findings.filter((f) => f.impact === impact);
      return `${impact} ${hits.length} rules/pages, ${hits.reduce((n, f) => n + f.nodes, 0)} nodes`;
    });
    console.log(
      `[axe ${this.name}] ${this.pages} pages audited, ${this.skipped} visited without a new kind of UI; ${totals.join('; ')}`,
    );
    const blocking = this.findings
      .filter((f) => f.impact === 'serious' || f.impact === 'critical')
      .map((f) => `${f.impact} ${f.rule} on ${f.page}: ${f.example}`);
    expect(blocking).toEqual([]);
  }
}

/** The side menu's destinations, in menu order, without duplicates. */
async function menuTargets(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('menuitem')
    .evaluateAll((items) =>
      items.map((a) => (a as HTMLAnchorElement).getAttribute('href')).filter((h): h is string => !!h && h !== '#'),
    );
  return [...new Set(hrefs)];
}

const firstRow = (page: Page) => page.locator('tbody .RaDatagrid-row, tbody .RaDataTable-row').first();
const createLink = (page: Page) => page.getByRole('link', { name: /^create$/i }).first();

/**
 * Audits the list at `href`, its first row's card (every tab when `tabs`), and its create form.
 * Returns whether any of them showed a kind of UI that no page before them showed.
 */
async function auditList(page: Page, audit: Audit, href: string, tabs: boolean): Promise<boolean> {
  let fresh = false;
  // through the menu (no reload of the SPA): the shortest way between pages
  const entry = page.locator(`[role="menuitem"][href="${href}"]`);
  await entry.click();
  await page.waitForURL((url) => url.pathname === href);
  fresh = (await audit.run(page, href)) || fresh;
  if (await firstRow(page).isVisible()) {
    await firstRow(page).click();
    await page.waitForURL((url) => url.pathname !== href);
    fresh = (await audit.run(page, `${href} card`)) || fresh;
    if (tabs) {
      const count = await page.getByRole('tab').count();
      for (let i = 1; i < count; i++) {
        const tab = page.getByRole('tab').nth(i);
        const name = (await tab.textContent()) ?? String(i);
        await tab.click();
        fresh = (await audit.run(page, `${href} card tab ${name}`, true)) || fresh;
      }
    }
    // back to the list through the menu (Back would only step through the card's tabs)
    await entry.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect(firstRow(page)).toBeVisible();
  }
  if (await createLink(page).isVisible()) {
    await createLink(page).click();
    await page.waitForURL((url) => url.pathname.endsWith('/create'));
    fresh = (await audit.run(page, `${href} create`)) || fresh;
  }
  return fresh;
}

test.describe('light theme', () => {
  test.use({ colorScheme: 'light' });

  test('A11Y-01 0 serious or critical axe violations on the sign-in pages and on each kind of side-menu page, card and create form (every one with A11Y_SWEEP=full)', async ({
    page,
  }) => {
    test.setTimeout(900_000);
    const audit = new Audit('light');
    await page.goto('/');
    await expect(
      page
        .locator('input[name="username"]')
        .or(page.getByRole('button', { name: /^sign in$/i }))
        .first(),
    ).toBeVisible();
    await audit.run(page, 'sign-in (SPA)', true);
    await signIn(page, 'admin');
    await page
      .getByRole('button', { name: /profile|account|user menu/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: /logout|sign out/i }).click();
    // signing out passes through the provider's end-session page, which sends the browser back
    // to /authorization/login; navigating there meanwhile would race that redirect
    await page.waitForURL((url) => url.pathname === '/authorization/login');
    await page.waitForLoadState('load');
    const loginForm = page.locator('input[name="username"]');
    const signInButton = page.getByRole('button', { name: /^sign in$/i });
    if (!(await loginForm.isVisible())) await signInButton.click();
    await expect(loginForm).toBeVisible();
    await audit.run(page, 'sign-in (provider)', true);
    await signIn(page, 'admin');

    const targets = await menuTargets(page);
    expect(targets.length).toBeGreaterThan(20);
    expect(
      KIND_SAMPLES.filter((href) => !targets.includes(href)),
      'KIND_SAMPLES not in the menu',
    ).toEqual([]);
    const bringingKinds: string[] = [];
    for (const href of FULL_SWEEP ? targets : targets.filter((t) => KIND_SAMPLES.includes(t))) {
      const cardTabs = href === '/clients';
      if (await auditList(page, audit, href, cardTabs)) bringingKinds.push(href);
    }
    if (FULL_SWEEP)
      console.log(`[axe light] kinds: the entries that brought a new kind of UI: ${bringingKinds.join(' ')}`);
    audit.report();
  });
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('A11Y-02 0 serious or critical axe violations in the dark theme on the sign-in pages and each kind of the spine pages (lists, cards, create forms, the client and matter wizards)', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const audit = new Audit('dark');
    await page.goto('/');
    const loginForm = page.locator('input[name="username"]');
    const signInButton = page.getByRole('button', { name: /^sign in$/i });
    await expect(loginForm.or(signInButton).first()).toBeVisible();
    await audit.run(page, 'sign-in (SPA)', true);
    if (!(await loginForm.isVisible())) await signInButton.click();
    await expect(loginForm).toBeVisible();
    await audit.run(page, 'sign-in (provider)', true);
    await signIn(page, 'admin');
    const targets = await menuTargets(page);
    for (const href of ['/clients', '/matters', '/invoices', '/times', '/leads']) {
      if (targets.includes(href)) await auditList(page, audit, href, false);
    }
    audit.report();
  });
});
