import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) on every page an administrator reaches from the side
 * menu (generated lists and bespoke pages), each list's first card (every tab of the client card)
 * and create form (the client and matter wizards among them), the SPA's and the embedded
 * provider's sign-in pages; then the sign-in pages and five lists with their cards and create
 * forms again in the dark theme. Each test prints the
 * figures of every page (violations by impact, in nodes) and fails on any violation of serious or
 * critical impact, naming the rule, the page and the first element.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
type Finding = { page: string; rule: string; impact: string; nodes: number; example: string; help: string };

class Audit {
  readonly findings: Finding[] = [];
  pages = 0;

  constructor(private readonly name: string) {}

  /** Runs axe on the page as it is once no progress indicator is left, and records its violations. */
  async run(page: Page, label: string): Promise<void> {
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
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
  }

  /** Prints the totals and every finding, then fails on a serious or critical one. */
  report(): void {
    const totals = IMPACTS.map((impact) => {
      const hits = this.findings.filter((f) => f.impact === impact);
      return `${impact} ${hits.length} rules/pages, ${hits.reduce((n, f) => n + f.nodes, 0)} nodes`;
    });
    console.log(`[axe ${this.name}] ${this.pages} pages audited; ${totals.join('; ')}`);
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

/** Audits the list at `href`, its first row's card (every tab when `tabs`), and its create form. */
async function auditList(page: Page, audit: Audit, href: string, tabs: boolean): Promise<void> {
  // through the menu (no reload of the SPA): the shortest way between pages
  const entry = page.locator(`[role="menuitem"][href="${href}"]`);
  await entry.click();
  await page.waitForURL((url) => url.pathname === href);
  await audit.run(page, href);
  if (await firstRow(page).isVisible()) {
    await firstRow(page).click();
    await page.waitForURL((url) => url.pathname !== href);
    await audit.run(page, `${href} card`);
    if (tabs) {
      const count = await page.getByRole('tab').count();
      for (let i = 1; i < count; i++) {
        const tab = page.getByRole('tab').nth(i);
        const name = (await tab.textContent()) ?? String(i);
        await tab.click();
        await audit.run(page, `${href} card tab ${name}`);
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
    await audit.run(page, `${href} create`);
  }
}

test.describe('light theme', () => {
  test.use({ colorScheme: 'light' });

  test('A11Y-01 0 serious or critical axe violations on the sign-in page, every side-menu page, a card and a create form of each list', async ({
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
    await audit.run(page, 'sign-in (SPA)');
    await signIn(page, 'admin');
    await page
      .getByRole('button', { name: /profile|account|user menu/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: /logout|sign out/i }).click();
    await page.goto('/authorization/login');
    const loginForm = page.locator('input[name="username"]');
    const signInButton = page.getByRole('button', { name: /^sign in$/i });
    if (!(await loginForm.isVisible())) await signInButton.click();
    await expect(loginForm).toBeVisible();
    await audit.run(page, 'sign-in (provider)');
    await signIn(page, 'admin');

    const targets = await menuTargets(page);
    expect(targets.length).toBeGreaterThan(20);
    for (const href of targets) {
      const cardTabs = href === '/clients';
      await auditList(page, audit, href, cardTabs);
    }
    audit.report();
  });
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });

  test('A11Y-02 0 serious or critical axe violations in the dark theme on the provider sign-in page and the spine pages (lists, cards, create forms, the client and matter wizards)', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const audit = new Audit('dark');
    await page.goto('/');
    const loginForm = page.locator('input[name="username"]');
    const signInButton = page.getByRole('button', { name: /^sign in$/i });
    await expect(loginForm.or(signInButton).first()).toBeVisible();
    await audit.run(page, 'sign-in (SPA)');
    if (!(await loginForm.isVisible())) await signInButton.click();
    await expect(loginForm).toBeVisible();
    await audit.run(page, 'sign-in (provider)');
    await signIn(page, 'admin');
    const targets = await menuTargets(page);
    for (const href of ['/clients', '/matters', '/invoices', '/times', '/leads']) {
      if (targets.includes(href)) await auditList(page, audit, href, false);
    }
    audit.report();
  });
});
