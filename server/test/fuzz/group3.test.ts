import { fuzzGroup } from './suite';

fuzzGroup(2);
