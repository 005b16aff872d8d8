/**
 * The screens a lawyer opens from the menu, as the SPA asks them (TIME-14: the time list is time
 * entries, newest first; tasks are the other work types; matters hide the closed ones), requested
 * as `member` (MEMBER role, `TIMES_USER`), whose rows come through the access lists of matters and
 * projects. Each list page carries its total (`page.totalElements`); the time list's total
 * duration is its own request. Used by `explainScreens.ts` (plans) and `memberScreens.ts`
 * (autocannon). See bench/api/README.md, "The member's screens at the real size".
 */
export const MEMBER_SCREENS: Array<[string, string]> = [
  ['time list (TIME-14)', '/core/api/times?workType.code=1&projection=timeList&sort=dateTime,desc&page=0&size=25'],
  ['time list total duration', '/core/api/times/totalDuration?workType.code=1'],
  [
    'time list, unbilled',
    '/core/api/times?workType.code=1&billingStatus.code=2&projection=timeList&sort=dateTime,desc&page=0&size=25',
  ],
  ['tasks', '/core/api/times?workType.code.ne=1&projection=taskList&sort=dateTime,desc&page=0&size=25'],
  ['matters', '/core/api/matters?status.code.ne=3&projection=matterList&page=0&size=25'],
  ['projects', '/core/api/projects?page=0&size=25'],
];
