import { Box, chakra, Flex, IconButton, Image } from '@chakra-ui/react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../icons';
import { PHONE_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from '../useMediaQuery';
import { PromoLink } from './PromoLink';

/** One banner (the contract's Banner). */
export interface BannerItem {
  id: number;
  title: string;
  image: string;
  mobileImage: string | null;
  link: string | null;
}

export interface BannerCarouselProps {
  banners: readonly BannerItem[];
  /** What the carousel is, for screen readers (首页轮播, 任务页轮播 …). */
  label?: string;
  /** Width / height of the pictures: phone layout and from `md` up. */
  ratio?: { base: number; md: number };
  /** Milliseconds each banner stays before the next one; 0: only the member moves it. */
  interval?: number;
  rounded?: boolean;
}

/** The pictures of the demo and of operators: 750×320 on phones, 1200×300 (4:1) on desktops. */
const DEFAULT_RATIO = { base: 750 / 320, md: 4 };
export const BANNER_INTERVAL_MS = 5000;
const SWIPE_PX = 40;

/**
 * 轮播图: the operator's banners of one page, one at a time. With several it moves on by itself
 * every few seconds — not while the pointer or keyboard focus is on it, not after 暂停, and never
 * when the system asks for reduced motion — and has 上一张 / 下一张 (beside the dots on phones, at
 * the sides from `md` up, never over the pictures' words), a dot per banner and a swipe.
 * Each picture's text alternative is its title; a banner with a link is one (the router's for
 * in-site paths). No banners: nothing at all.
 */
export function BannerCarousel({
  banners,
  label = '轮播图',
  ratio = DEFAULT_RATIO,
  interval = BANNER_INTERVAL_MS,
  rounded = true,
}: BannerCarouselProps) {
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [holding, setHolding] = useState(false);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const swipeFrom = useRef<number | null>(null);
  const current = count ? Math.min(index, count - 1) : 0;
  const rotates = count > 1 && interval > 0 && !reducedMotion;
  const moving = rotates && !paused && !holding;

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => window.clearInterval(timer);
  }, [moving, count, interval]);

  if (count === 0) return null;
  const go = (to: number) => setIndex(((to % count) + count) % count);
  const onPointerDown = (e: PointerEvent) => {
    swipeFrom.current = e.clientX;
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null || count < 2) return;
    const dx = e.clientX - from;
    if (Math.abs(dx) >= SWIPE_PX) go(current + (dx < 0 ? 1 : -1));
  };

  return (
    <Box
      as="section"
      aria-roledescription="轮播"
      aria-label={label}
      position="relative"
      overflow="hidden"
      borderRadius={rounded ? 'xl' : undefined}
      bg="gray.100"
      data-testid="banner-carousel"
      onMouseEnter={() => setHolding(true)}
      onMouseLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHolding(false);
      }}
    >
      <Box
        position="relative"
        aspectRatio={{ base: ratio.base, md: ratio.md }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        css={{ touchAction: 'pan-y' }}
        // Announce the banner the member moved to; not each automatic turn.
        aria-live={moving ? 'off' : 'polite'}
      >
        {banners.map((b, i) => (
          <Box
            key={b.id}
            role="group"
            aria-roledescription="幻灯片"
            aria-label={`第 ${i + 1} 张，共 ${count} 张`}
            hidden={i !== current}
            position="absolute"
            inset="0"
            data-testid="banner-slide"
          >
            <PromoLink href={b.link} display="block" width="100%" height="100%" draggable={false}>
              <picture>
                {b.mobileImage && <source media={PHONE_QUERY} srcSet={b.mobileImage} />}
                <Image
                  src={b.image}
                  alt={b.title}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  draggable={false}
                  width="100%"
                  height="100%"
                  objectFit="cover"
                  display="block"
                />
              </picture>
            </PromoLink>
          </Box>
        ))}
      </Box>
      {count > 1 && (
        // The controls' layer over the whole picture (taps pass through it to the banner's link):
        // the dots at the bottom; the arrows beside them on phones, where the pictures' words
        // start a few pixels from the edge, and at the picture's sides, clear of them, from `md` up.
        <Flex
          position="absolute"
          inset="0"
          pointerEvents="none"
          align="flex-end"
          justify="center"
          pb={{ base: '1.5', md: '2.5' }}
          data-testid="banner-controls"
        >
          <Flex align="center" gap="1" pointerEvents="auto">
            <Arrow side="left" label="上一张" onClick={() => go(current - 1)} />
            {banners.map((b, i) => (
              <chakra.button
                key={b.id}
                type="button"
                aria-label={`第 ${i + 1} 张：${b.title}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
                p="1.5"
                cursor="pointer"
                css={{ '&:focus-visible': { outline: '2px solid white', outlineOffset: '1px', borderRadius: '999px' } }}
              >
                <Box
                  width={i === current ? '18px' : '7px'}
                  height="7px"
                  borderRadius="full"
                  bg={i === current ? 'white' : 'whiteAlpha.600'}
                  boxShadow="0 0 2px rgba(0,0,0,0.35)"
                  transition={reducedMotion ? undefined : 'width .2s'}
                />
              </chakra.button>
            ))}
            {rotates && (
              <IconButton
                aria-label={paused ? '继续轮播' : '暂停轮播'}
                onClick={() => setPaused((p) => !p)}
                size="2xs"
                variant="ghost"
                color="white"
                borderRadius="full"
                ml="1"
                _hover={{ bg: 'blackAlpha.300' }}
                css={{ filter: 'drop-shadow(0 0 2px rgba(0,0,0,0.45))' }}
              >
                {paused ? <PlayIcon /> : <PauseIcon />}
              </IconButton>
            )}
            <Arrow side="right" label="下一张" onClick={() => go(current + 1)} />
          </Flex>
        </Flex>
      )}
    </Box>
  );
}

function Arrow({ side, label, onClick }: { side: 'left' | 'right'; label: string; onClick: () => void }) {
  return (
    <IconButton
      aria-label={label}
      onClick={onClick}
      position={{ base: 'static', md: 'absolute' }}
      top={{ md: '50%' }}
      transform={{ md: 'translateY(-50%)' }}
      {...{ [side]: { md: '3' } }}
      order={side === 'left' ? -1 : 1}
      size={{ base: '2xs', md: 'sm' }}
      minW={{ base: '5', md: '8' }}
      h={{ base: '5', md: '8' }}
      mx={{ base: '0.5', md: '0' }}
      borderRadius="full"
      bg="blackAlpha.400"
      color="white"
      _hover={{ bg: 'blackAlpha.600' }}
    >
      {side === 'left' ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </IconButton>
  );
}
