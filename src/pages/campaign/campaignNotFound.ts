/**
 * What a campaign's pages say when there is no such campaign, and where they offer to go (its own
 * module: the records page's first load does not carry the campaign view for it).
 */
export const campaignNotFound = (moreHref: string) => ({
  title: '活动不存在或已下线',
  description: '这个活动的地址不对，或者活动已经下线了。福利中心里有正在进行的活动。',
  link: { to: moreHref, label: '去福利中心看看' },
});
