/**
 * Every registration-style fixture, in one list: the engine, CLI and language-server discovery tests all run
 * the same workspaces, so a style understood by one is checked through all three.
 */
import { CLIENT_APP_FIXTURES } from './clientAppFixtures';
import { CLIENT_HOST_FIXTURES } from './clientHostFixtures';
import { CLIENT_REACH_FIXTURES } from './clientReachFixtures';
import { APPLIED_DECORATOR_FIXTURES, CONVENTION_FOLDER_FIXTURES } from './conventionFolderFixtures';
import { DISPATCH_HOOK_FIXTURES } from './dispatchHookFixtures';
import { FRAMEWORK_FIXTURES } from './frameworkFixtures';
import { GUARDING_FACTORY_FIXTURES } from './guardingFactoryFixtures';
import { OTHER_TOOL_API_FIXTURES } from './otherToolApiFixtures';
import { HANDLER_LINKING_FIXTURES } from './handlerLinkingFixtures';
import { HANDLER_LINKING_ROUND_THREE_FIXTURES } from './handlerLinkingRoundThreeFixtures';
import { IMPORTED_HANDLER_FIXTURES } from './importedHandlerFixtures';
import { LISTED_DEFINITION_FIXTURES } from './listedDefinitionFixtures';
import { REGISTRATION_SHAPE_FIXTURES } from './registrationShapeFixtures';
import { ROUND_EIGHT_A_FIXTURES } from './roundEightAFixtures';
import { ROUND_EIGHT_B_FIXTURES } from './roundEightBFixtures';
import { ROUND_ELEVEN_FIXTURES } from './roundElevenFixtures';
import { ROUND_FIFTEEN_FIXTURES } from './roundFifteenFixtures';
import { ROUND_FIVE_FIXTURES } from './roundFiveFixtures';
import { ROUND_FOURTEEN_FIXTURES } from './roundFourteenFixtures';
import { ROUND_NINE_A_FIXTURES } from './roundNineAFixtures';
import { ROUND_NINE_B_FIXTURES } from './roundNineBFixtures';
import { ROUND_SEVEN_FIXTURES } from './roundSevenFixtures';
import { ROUND_TEN_FIXTURES } from './roundTenFixtures';
import { ROUND_SIX_B_FIXTURES } from './roundSixBFixtures';
import { ROUND_SIXTEEN_FIXTURES } from './roundSixteenFixtures';
import { ROUND_SEVENTEEN_FIXTURES } from './roundSeventeenFixtures';
import { ROUND_EIGHTEEN_FIXTURES } from './roundEighteenFixtures';
import { ROUND_NINETEEN_FIXTURES } from './roundNineteenFixtures';
import { ROUND_TWENTY_THREE_FIXTURES } from './roundTwentyThreeFixtures';
import { ROUND_TWENTY_TWO_FIXTURES } from './roundTwentyTwoFixtures';
import { ROUND_TWENTY_FOUR_FIXTURES } from './roundTwentyFourFixtures';
import { ROUND_TWENTY_FIVE_FIXTURES } from './roundTwentyFiveFixtures';
import { ROUND_TWENTY_SIX_FIXTURES } from './roundTwentySixFixtures';
import { ROUND_TWENTY_EIGHT_FIXTURES } from './roundTwentyEightFixtures';
import { ROUND_TWENTY_SEVEN_FIXTURES } from './roundTwentySevenFixtures';
import { ROUND_TWENTY_FIXTURES } from './roundTwentyFixtures';
import { ROUND_TWENTY_ONE_FIXTURES } from './roundTwentyOneFixtures';
import { ROUND_SIX_FIXTURES } from './roundSixFixtures';
import { ROUND_THREE_FIXTURES } from './roundThreeFixtures';
import { ROUND_TWELVE_FIXTURES } from './roundTwelveFixtures';
import { ROUND_THIRTEEN_FIXTURES } from './roundThirteenFixtures';
import { STYLE_FIXTURES, type StyleFixture } from './styleFixtures';
import { TEMPLATE_HOOK_FIXTURES } from './templateHookFixtures';

export const DISCOVERY_FIXTURES: readonly StyleFixture[] = [
  ...STYLE_FIXTURES,
  ...TEMPLATE_HOOK_FIXTURES,
  ...IMPORTED_HANDLER_FIXTURES,
  ...HANDLER_LINKING_FIXTURES,
  ...HANDLER_LINKING_ROUND_THREE_FIXTURES,
  ...FRAMEWORK_FIXTURES,
  ...ROUND_THREE_FIXTURES,
  ...ROUND_FIVE_FIXTURES,
  ...LISTED_DEFINITION_FIXTURES,
  ...REGISTRATION_SHAPE_FIXTURES,
  ...DISPATCH_HOOK_FIXTURES,
  ...CONVENTION_FOLDER_FIXTURES,
  ...APPLIED_DECORATOR_FIXTURES,
  ...ROUND_SEVEN_FIXTURES,
  ...ROUND_SIX_B_FIXTURES,
  ...CLIENT_APP_FIXTURES,
  ...CLIENT_REACH_FIXTURES,
  ...CLIENT_HOST_FIXTURES,
  ...ROUND_SIX_FIXTURES,
  ...ROUND_NINE_A_FIXTURES,
  ...ROUND_EIGHT_A_FIXTURES,
  ...ROUND_NINE_B_FIXTURES,
  ...ROUND_EIGHT_B_FIXTURES,
  ...ROUND_TEN_FIXTURES,
  ...ROUND_TWELVE_FIXTURES,
  ...ROUND_ELEVEN_FIXTURES,
  ...ROUND_FIFTEEN_FIXTURES,
  ...ROUND_THIRTEEN_FIXTURES,
  ...ROUND_FOURTEEN_FIXTURES,
  ...ROUND_SIXTEEN_FIXTURES,
  ...ROUND_SEVENTEEN_FIXTURES,
  ...ROUND_EIGHTEEN_FIXTURES,
  ...ROUND_NINETEEN_FIXTURES,
  ...GUARDING_FACTORY_FIXTURES,
  ...OTHER_TOOL_API_FIXTURES,
  ...ROUND_TWENTY_TWO_FIXTURES,
  ...ROUND_TWENTY_THREE_FIXTURES,
  ...ROUND_TWENTY_FIXTURES,
  ...ROUND_TWENTY_ONE_FIXTURES,
  ...ROUND_TWENTY_FOUR_FIXTURES,
  ...ROUND_TWENTY_FIVE_FIXTURES,
  ...ROUND_TWENTY_SIX_FIXTURES,
  ...ROUND_TWENTY_EIGHT_FIXTURES,
  ...ROUND_TWENTY_SEVEN_FIXTURES,
];
