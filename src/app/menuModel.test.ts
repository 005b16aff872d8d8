import { describe, expect, it } from 'vitest';
import { AREA_ORDER, schemas } from '../../schemas/index';
import type { Privilege } from '../../schemas/access';
import { toPermissions } from '../access/canAccess';
import { buildMenu } from './menuModel';

const role = (name: string, modules: string[]) => ({
  name,
  privilegeList: modules.map((module): Privilege => ({
    module,
    view: true,
    create: false,
    update: false,
    delete: false,
  })),
});

describe('side menu', () => {
  it('SHELL-03 is generated from the schemas, grouped by area, without hidden children', () => {
    const menu = buildMenu(schemas, toPermissions({ roleList: [role('ADMIN', [])] }));
    // the admin sees every area of a menu schema, in the declared order of areas (AREA_ORDER)
    const areas = AREA_ORDER.filter((a) => schemas.some((s) => s.area === a && !s.hideFromMenu));
    expect(menu.map((g) => g.area)).toEqual(areas);
    const routes = menu.flatMap((g) => g.items.map((i) => i.route));
    // within an area, by English label: a schema added to the area takes its place by its label
    for (const group of menu) {
      const labels = group.items.map((i) => i.label);
      expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    }
    const crm = menu[0]!.items.map((i) => i.route);
    expect(crm.filter((r) => ['clients', 'contacts', 'leads', 'templates'].includes(r))).toEqual([
      'clients',
      'contacts',
      'templates', // E-mail templates
      'leads',
    ]);
    expect(routes).not.toContain('leadEmails'); // reached through the project card
    expect(routes).toContain('base-types');
    expect(routes).not.toContain('contactComments'); // hideFromMenu
    expect(routes).not.toContain('privileges'); // hideFromMenu
    expect(menu[0]!.items[0]).toEqual({ route: 'clients', label: 'Clients', icon: 'Domain' });
  });

  it('NAV-51/52 a member sees only the pages of modules they may view, never admin pages', () => {
    const menu = buildMenu(schemas, toPermissions({ roleList: [role('MEMBER', ['team', 'department'])] }));
    const routes = menu.flatMap((g) => g.items.map((i) => i.route));
    expect(routes).toContain('teams');
    expect(routes).toContain('departments');
    expect(routes).not.toContain('clients');
    expect(routes).not.toContain('base-types');
    expect(routes).not.toContain('base-subtypes');
    expect(menu.map((g) => g.area)).not.toContain('crm');
  });

  it('USR-02 a role that may only view clients gives the clients area and the pages every user has, no dictionaries', () => {
    const menu = buildMenu(schemas, toPermissions({ roleList: [role('E2E_CLIENT_VIEWER', ['client'])] }));
    const routes = menu.flatMap((g) => g.items.map((i) => i.route));
    // clients with their contacts (module client), the approvals inbox and the ideas every user has
    expect(routes).toEqual(expect.arrayContaining(['clients', 'contacts', 'verificationChains', 'ideas']));
    // and nothing else than pages of the client module or pages every signed-in user has
    const byRoute = new Map(schemas.map((s) => [s.route, s]));
    const others = routes.filter((r) => !['verificationChains', 'ideas'].includes(r));
    expect(others.filter((r) => byRoute.get(r)?.module !== 'client')).toEqual([]);
    expect(routes).not.toContain('countries'); // a dictionary: administrators manage it
  });
});
