import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../lib/api-client.ts';
import { categorySchema, menuItemSchema } from '#shared/menu/menu.schema.ts';

export const menuItemsQuery = () =>
  queryOptions({
    queryKey: ['/api/menu/items'],
    queryFn: async () => z.array(menuItemSchema).parse(await apiGet('/api/menu/items')),
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['/api/menu/categories'],
    queryFn: async () => z.array(categorySchema).parse(await apiGet('/api/menu/categories')),
  });

export const useMenuItems = () => useQuery(menuItemsQuery());
export const useCategories = () => useQuery(categoriesQuery());
