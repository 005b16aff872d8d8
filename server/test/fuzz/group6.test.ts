import { FUZZ_GROUPS, fuzzGroup } from './suite';

// the people group, found by a collection it holds
fuzzGroup(FUZZ_GROUPS.findIndex((g) => g.includes('positionFunds')));
